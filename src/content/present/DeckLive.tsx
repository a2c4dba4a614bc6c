// The live stage of a deck step. A scene step is the lab's own scene (RoomScene, in its room
// layout) with its own store, moved to the step's time, the step's request, server or store key
// selected; the same store stays while the steps keep the same scenario, so the scene moves
// rather than reloads. A race step is the race scheduler (the races worker) playing the step's
// schedule one round trip per advance; after the last turn every server still running finishes
// in turn, so the step ends on the verdict.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Deck, DeckStep, Highlight } from '../../core/content/deck';
import { nextFinishTurn, scheduleActions } from '../../core/content/racePredict';
import { endOf, type LabStore } from '../../store/labStore';
import {
  ServerColumn,
  commandText,
  StepLog,
  StoreColumn,
  VerdictLists,
  anyFailed,
  serverLabel,
} from '../../ui/races/parts';
import { useScheduler } from '../../ui/races/useScheduler';
import { createStage, StageContext, type Stage as LabStage } from '../../ui/lab/useLab';
import { useWidgetSetup } from '../../ui/widgets/LabWidget';
import { deckRace } from './decks';
import { RoomScene } from './LiveScene';
import '../../ui/races/races.css';
import './liveScene.css';

export const fmtSeconds = (t: number): string => `${Number(t.toFixed(2))} s`;

/** A scene step's scenario title (shown beside the step's title). */
export function sceneTitle(deck: Deck, id: string): string | null {
  const spec = scenarioSpec(deck, id);
  return !(spec instanceof Error) && typeof spec.title === 'string' ? spec.title : null;
}

/** Moves a store to a step: paused at its time (the end for none), its highlight selected. */
export function applyStep(store: LabStore, time: number | null, h: Highlight | null): void {
  const s = store.getState();
  s.pause();
  s.seek(time === null ? endOf(s) : time);
  const st = store.getState();
  if (h?.kind === 'request') {
    const lane = h.lane === 2 && st.compare ? 'compare' : 'main';
    const run = lane === 'compare' ? st.compare! : st.run;
    st.select(h.request >= 1 && h.request <= run.n ? h.request - 1 : null, lane);
  } else st.select(null);
  if (h?.kind === 'server')
    st.selectTarget(st.run.targets.find((x) => x.where === h.server)?.id ?? null);
  else if (h?.kind === 'key')
    st.selectTarget(st.run.targets.find((x) => x.kind === 'store')?.id ?? null);
  else st.selectTarget(null);
}

function scenarioSpec(deck: Deck, id: string): Record<string, unknown> | Error {
  const block = deck.scenarios.find((b) => b.id === id);
  if (!block) return new Error(`the deck has no scenario "${id}"`);
  try {
    const v: unknown = JSON.parse(block.text);
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      return new Error('the scenario is not a JSON object');
    return v as Record<string, unknown>;
  } catch (e) {
    return e as Error;
  }
}

const EMPTY: Record<string, unknown> = {};

export function LiveSceneStep({
  deck,
  step,
  liveRef,
  onStage,
  hold = false,
}: {
  deck: Deck;
  step: DeckStep;
  /** Set to the live scene's stage, for the stage head's "Open this moment in the lab". */
  liveRef?: { current: LabStage | null };
  /** Hands the live scene's stage to the step's predict prompt. */
  onStage?: (stage: LabStage | null) => void;
  /** A predict prompt drives the scene: the step's time and highlight wait. */
  hold?: boolean;
}) {
  const v = step.view.kind === 'scene' ? step.view : null;
  const scenario = v?.scenario ?? null;
  const spec = useMemo(() => (scenario ? scenarioSpec(deck, scenario) : EMPTY), [deck, scenario]);
  const setup = useWidgetSetup(spec instanceof Error ? EMPTY : spec);
  const stage = useMemo(() => (setup.ok ? createStage(setup.store) : null), [setup]);
  useEffect(() => {
    if (!liveRef) return;
    liveRef.current = stage;
    return () => {
      if (liveRef.current === stage) liveRef.current = null;
    };
  }, [liveRef, stage]);
  useEffect(() => {
    if (!onStage) return;
    onStage(stage);
    return () => onStage(null);
  }, [onStage, stage]);
  const time = v?.time ?? null;
  const hl = JSON.stringify(v?.highlight ?? null);
  useEffect(() => {
    if (stage && !hold) applyStep(stage.store, time, JSON.parse(hl) as Highlight | null);
  }, [stage, time, hl, hold]);
  if (!v) return null;
  if (spec instanceof Error || setup.ok === false)
    return (
      <p className="notice error" role="alert">
        This step&apos;s scenario could not run:{' '}
        {spec instanceof Error ? spec.message : setup.ok === false ? setup.message : ''}
      </p>
    );
  const h = v.highlight;
  return (
    <div className="stage-scene stage-live room-scene" data-view="scene">
      {h && h.kind !== 'request' && (
        <p className="stage-callout" data-testid="stage-callout">
          Look at {h.kind === 'key' ? `the store key ${h.key}` : `server ${h.server}`}
        </p>
      )}
      {stage ? (
        <StageContext.Provider value={stage}>
          <RoomScene stage={stage} />
        </StageContext.Provider>
      ) : (
        <p className="room-loading" role="status">
          Loading the scene…
        </p>
      )}
    </div>
  );
}

const AUTO_MS = 450;

export function RaceStep({
  deck,
  step,
  turn,
  hold = false,
  onEnd,
}: {
  deck: Deck;
  step: DeckStep;
  turn: number;
  /** A predict prompt is asking: no round trip may be sent by hand (keys or buttons). */
  hold?: boolean;
  /** Told whether the whole schedule is played and the race has finished. */
  onEnd?: (ended: boolean) => void;
}) {
  const v = step.view.kind === 'race' ? step.view : { code: '', schedule: [] };
  const race = useMemo(() => deckRace(deck, v.code, v.schedule), [deck, v.code, v.schedule]);
  const prefix = useMemo(() => scheduleActions(v.schedule.slice(0, turn)), [v.schedule, turn]);
  const { view, step: send } = useScheduler(race?.raw ?? EMPTY, prefix);
  const st = view.state;
  const total = v.schedule.length;
  const names = race?.names;
  const sendRef = useRef(send);
  sendRef.current = send;
  const [auto, setAuto] = useState(false);
  // After the last turn of the schedule, every server still running finishes, one round trip
  // at a time in server order, so the step ends on the verdict.
  const finishing =
    total > 0 && turn >= total && !!st && !st.finished && st.schedule.length >= prefix.length;
  useEffect(() => {
    if (!finishing || view.busy || !st) return;
    const next = nextFinishTurn(st);
    if (!next) return;
    setAuto(true);
    const id = setTimeout(() => sendRef.current(next.request), AUTO_MS);
    return () => clearTimeout(id);
  }, [finishing, view.busy, st]);
  useEffect(() => setAuto(false), [turn]);
  const ended = turn >= total && !!st?.finished && st.schedule.length >= prefix.length;
  useEffect(() => onEnd?.(ended), [onEnd, ended]);
  // Keys 1-4 send that server's next round trip (Shift crashes it), as on the scheduler screen.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const d = /^Digit([1-4])$/.exec(e.code);
      if (!d || !st || hold || e.ctrlKey || e.metaKey || e.altKey) return;
      const i = Number(d[1]) - 1;
      const s = st.servers[i];
      if (!s) return;
      e.preventDefault();
      if (e.shiftKey) {
        if (s.canCrash) send(i, true);
      } else if (s.status === 'running') send(i);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [st, send, hold]);
  if (!race)
    return (
      <p className="notice error" role="alert">
        This step names a race this build does not have: {v.code}
      </p>
    );
  const n = st?.servers.length ?? race.servers;
  const code = (i: number) => {
    const reqs = race.raw.requests as { code?: string }[] | undefined;
    return reqs?.[i]?.code ?? (race.raw.code as string | undefined) ?? '';
  };
  const last = st?.steps[st.steps.length - 1];
  const cols = st
    ? st.servers.map((s, i) => (
        <ServerColumn
          key={i}
          index={i}
          name={serverLabel(names, i)}
          code={code(i)}
          server={s}
          disabled={view.busy || hold}
          onStep={() => send(i)}
          onCrash={s.canCrash && !hold ? () => send(i, true) : null}
        />
      ))
    : [];
  return (
    <div
      className="stage-race"
      data-view="race"
      data-testid="stage-race"
      data-turn={turn}
      data-total={total}
      data-finished={st?.finished ? 'true' : 'false'}
    >
      <p className="stage-race-turn" data-testid="stage-race-turn">
        {total === 0
          ? 'Press 1 to 4 (or click Send) for that server’s next round trip.'
          : turn === 0
            ? `The schedule has ${total} round trip${total === 1 ? '' : 's'}: advance to play the first.`
            : turn <= total && !auto
              ? `Round trip ${turn} of ${total}`
              : 'The schedule is played: the servers still running finish, one at a time.'}
        {last && (
          <span className="stage-race-last">
            {' '}
            ·{' '}
            {'pause' in last
              ? `${last.pause.toLocaleString('en')} ms pass`
              : `${serverLabel(names, last.request)} ${'crash' in last ? 'crashes' : `sent ${commandText(last.command)}`}`}
          </span>
        )}
      </p>
      {view.error && (
        <p className="notice error" role="alert" data-testid="race-error">
          {view.error}
        </p>
      )}
      {st ? (
        <div className="stage-race-servers" style={{ ['--n' as string]: n }}>
          {cols}
        </div>
      ) : (
        !view.error && (
          <p className="room-loading" role="status">
            Loading the scheduler…
          </p>
        )
      )}
      {st && (
        <div className="stage-race-bottom">
          <StoreColumn keys={st.store} changed={new Set<string>()} />
          <section aria-label="Round trips so far" className="stage-race-log">
            <StepLog steps={st.steps} names={names} />
          </section>
          {st.finished && st.verdict && (
            <section
              className={`race-verdict ${st.verdict.broken.length || anyFailed(st.verdict) ? 'is-broken' : 'is-safe'}`}
              aria-label="Verdict"
              data-testid="race-verdict"
              data-broken={st.verdict.broken.map((b) => b.part).join(' ')}
            >
              <p className="race-count">
                <span className="stage-race-big" data-testid="race-admitted">
                  {st.verdict.admitted}
                </span>{' '}
                admitted
                {st.verdict.allowed !== null && (
                  <>
                    {' '}
                    · the limit allows{' '}
                    <span className="stage-race-big" data-testid="race-allowed">
                      {st.verdict.allowed}
                    </span>
                  </>
                )}
              </p>
              <VerdictLists verdict={st.verdict} names={names} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
