// The interviewer's window: pick the questions and their order, then run the session with the
// reasoned answer, a rubric to tick, a chain of follow-ups, notes, the session clock and each
// question's time; at the end, download the scorecard as Markdown and JSON. Its parts live in
// host/: the setup (question list), the bar, the agenda, the question with its marks, the
// session notes and the scorecard.
import { useMemo } from 'react';
import { buildScorecard } from '../../core/interview/scorecard';
import { sessionElapsed, timePerQuestion } from '../../core/interview/session';
import { RemoteInvite } from '../live/RemoteInvite';
import { useHostMirror, useHostRoom } from '../live/useHostRoom';
import { Agenda } from './host/Agenda';
import { HostBar } from './host/HostBar';
import { HostQuestion } from './host/HostQuestion';
import { ScorecardDownloads, SessionOver } from './host/Scorecard';
import { SessionNotes } from './host/SessionNotes';
import { Setup } from './host/Setup';
import { useSessionKeys } from './useSessionKeys';
import { questionBank, questionById } from './questions';
import { useInterview, useNow } from './useInterview';

export function HostPage() {
  const [state, sync] = useInterview('host');
  const { pub, priv, saveError, loadError } = state;
  const now = useNow(pub !== null && pub.endedAt === null);
  // The remote candidate's room, and the notes kept on the lab server for this host alone.
  const live = useHostRoom(pub?.id ?? null);
  const kept = useHostMirror(live, priv, sync);
  const running = pub !== null && pub.endedAt === null;
  const index = pub?.index ?? 0;
  useSessionKeys(running, index, sync);

  const card = useMemo(
    () => (pub ? buildScorecard(pub, priv, questionBank().questions, now) : null),
    [pub, priv, now],
  );

  const notice = (
    <>
      {saveError && (
        <p className="notice error" role="alert" data-testid="save-error">
          Not saved: {saveError}. Everything is still in this window, so keep it open and download
          the scorecard to keep your notes.
        </p>
      )}
      {loadError && <p className="notice error">{loadError}</p>}
    </>
  );

  if (!pub)
    return (
      <div className="interview host" data-testid="host-page" data-state="setup">
        <h1 className="page-title">Interviewer&apos;s window</h1>
        <p className="page-lede">
          Keep this window on your own screen. The candidate&apos;s screen (open it after you start)
          shows only the question.
        </p>
        {notice}
        <Setup onStart={(order, candidate) => sync.start(order, candidate)} />
      </div>
    );

  if (pub.endedAt !== null && card)
    return (
      <div className="interview host" data-testid="host-page" data-state="ended">
        <h1 className="page-title">Session over</h1>
        {notice}
        <SessionOver card={card} startedAt={pub.startedAt} priv={priv} sync={sync} />
      </div>
    );

  const times = timePerQuestion(pub, now);
  const id = pub.order[index]!;
  return (
    <div className="interview host" data-testid="host-page" data-state="running">
      <HostBar
        sessionSeconds={sessionElapsed(pub, now) / 1000}
        questionSeconds={Math.floor((times.get(id) ?? 0) / 1000)}
        plannedMinutes={questionById(id)?.minutes}
        index={index}
        count={pub.order.length}
        sync={sync}
      />
      {notice}
      <RemoteInvite live={live} questionId={id} onCode={sync.setCode} />
      <div className="host-grid">
        <Agenda order={pub.order} index={index} times={times} priv={priv} sync={sync} />
        <HostQuestion id={id} index={index} count={pub.order.length} priv={priv} sync={sync} />
      </div>
      <SessionNotes priv={priv} sync={sync} kept={kept}>
        {card && <ScorecardDownloads card={card} startedAt={pub.startedAt} />}
      </SessionNotes>
    </div>
  );
}
