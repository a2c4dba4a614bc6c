// A live interview's shared scene: the question's race scheduler and its lab, on both the
// candidate's kiosk and the interviewer's window. Either side drives them; every change goes
// through the lab server (scene:race, scene:lab, checked there) and the other side follows.
// The race is its schedule; the lab is its scenario and its clock (where it is, and whether
// it plays).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SharedLab, SharedRace } from '../../core/live/room';
import type { Action } from '../../core/races/types';
import type { LiveConnection } from '../../store/liveClient';
import type { Stage } from '../../ui/lab/useLab';
import { Scheduler } from '../../ui/races/Scheduler';
import { LabWidget } from '../../ui/widgets/LabWidget';
import { questionById } from '../interview/questions';
import { raceInput } from '../interview/raceInput';

/** How long after a click or key press a change of the lab's clock counts as this side's. */
const OWN_CHANGE_MS = 1500;

function SharedRaceView({
  conn,
  slug,
  remote,
  onError,
}: {
  conn: LiveConnection;
  slug: string;
  remote: SharedRace | null;
  onError: (m: string | null) => void;
}) {
  const raw = useMemo(() => raceInput(slug), [slug]);
  const theirs = remote?.slug === slug ? (remote.schedule as Action[]) : null;
  // Read when the schedule on screen changes, not when the room's changes: a schedule on its
  // way in is not answered with the one it replaces.
  const room = useRef(theirs);
  room.current = theirs;
  const onSchedule = useCallback(
    (schedule: Action[]) => {
      if (JSON.stringify(schedule) === JSON.stringify(room.current ?? [])) return;
      conn.send('scene:race', { race: { slug, schedule } }).then(
        () => onError(null),
        (e: Error) => onError(e.message),
      );
    },
    [conn, slug, onError],
  );
  if (!raw) return null;
  return (
    <details className="candidate-lab" data-testid="shared-race" open>
      <summary>The race scheduler (shared: both of you see each step)</summary>
      <Scheduler
        key={slug}
        raw={raw}
        goal="play"
        embedded
        noSolver
        remoteSchedule={theirs}
        onSchedule={onSchedule}
      />
    </details>
  );
}

function SharedLabView({
  conn,
  slug,
  spec,
  remote,
  onError,
}: {
  conn: LiveConnection;
  slug: string;
  spec: Record<string, unknown>;
  remote: SharedLab | null;
  onError: (m: string | null) => void;
}) {
  const [stage, setStage] = useState<Stage | null>(null);
  const theirs = remote?.slug === slug ? remote : null;
  const scenario = theirs?.scenario ?? spec;
  /** The scene last sent or followed, as JSON: neither is sent back. */
  const last = useRef<string | null>(null);
  const following = useRef(false);
  const touched = useRef(-Infinity);

  // The other side's clock: go where it is, and play or pause as it does.
  useEffect(() => {
    if (!stage || !theirs) return;
    const key = JSON.stringify(theirs);
    if (key === last.current) return;
    last.current = key;
    following.current = true;
    try {
      const s = stage.store.getState();
      s.seek(theirs.now);
      if (theirs.playing) s.play();
      else s.pause();
    } finally {
      following.current = false;
    }
  }, [stage, theirs]);

  // This side's clock: a play, a pause or a move made here goes to the room.
  useEffect(() => {
    if (!stage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = stage.store.subscribe((s, p) => {
      if (following.current || performance.now() - touched.current > OWN_CHANGE_MS) return;
      if (s.playing === p.playing && (s.playing || s.now === p.now)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const cur = stage.store.getState();
        const lab = { slug, scenario, now: cur.now, playing: cur.playing };
        const key = JSON.stringify(lab);
        if (key === last.current) return;
        last.current = key;
        conn.send('scene:lab', { lab }).then(
          () => onError(null),
          (e: Error) => onError(e.message),
        );
      }, 80);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [stage, conn, slug, scenario, onError]);

  const touch = () => {
    touched.current = performance.now();
  };
  return (
    <details className="candidate-lab" data-testid="shared-lab" open>
      <summary>The lab (shared: play, pause or move the clock and both of you see it)</summary>
      <div onPointerDownCapture={touch} onKeyDownCapture={touch}>
        <LabWidget key={JSON.stringify(scenario)} spec={scenario} onStage={setStage} />
      </div>
    </details>
  );
}

export function SharedScene({
  conn,
  questionId,
  race,
  lab,
}: {
  conn: LiveConnection;
  questionId: string;
  race: SharedRace | null;
  lab: SharedLab | null;
}) {
  const q = questionById(questionId);
  const [error, setError] = useState<string | null>(null);
  if (!q || (!q.candidateRace && !q.candidateLab)) return null;
  return (
    <section aria-label="Shared scene" data-testid="shared-scene">
      {error && (
        <p className="notice error" role="alert">
          Not shared: {error}
        </p>
      )}
      {q.candidateRace && (
        <SharedRaceView conn={conn} slug={q.candidateRace} remote={race} onError={setError} />
      )}
      {q.candidateLab && (
        <SharedLabView
          conn={conn}
          slug={q.id}
          spec={q.candidateLab}
          remote={lab}
          onError={setError}
        />
      )}
    </section>
  );
}
