// The scheduler: the learner plays the scheduler against app-server code. One column per app
// server (its code, the current line, the command it sends next), the shared Redis in the
// middle, the schedule so far below. Keys 1-4 send that server's next round trip (Shift+1-4
// crashes it, P lets time pass on the store's clock, U undoes, R restarts). "Find a bad schedule for me" replays the explorer's
// counterexample; "Prove it" runs the explorer over every schedule. Everything runs in the
// races worker. The goal line, the controls, "Prove it"'s answer and the verdict are drawn by
// their own components; this file wires them to the session.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { effectiveInvariant } from '../../core/races/explore';
import type { Goal } from '../../core/races/puzzle';
import { breaksGoal } from '../../core/races/puzzle';
import { encodeRaceShare, scheduleText } from '../../core/races/share';
import type { Action, ExploreInput, InvariantPart } from '../../core/races/types';
import { changedKeys } from './changedKeys';
import { ServerColumn, StepLog, StoreColumn, serverLabel } from './parts';
import { usePauseLength } from './pauseLength';
import { ProofSteps } from './ProofSteps';
import { ProofSummary } from './ProofSummary';
import { RaceGoal } from './RaceGoal';
import { RaceToolbar } from './RaceToolbar';
import { RaceVerdict } from './RaceVerdict';
import { RealRacePanel } from './RealRacePanel';
import { useScheduler } from './useScheduler';
import './races.css';

export interface SchedulerProps {
  /** The explorer input as given (validated in the worker). */
  raw: Record<string, unknown>;
  goal: Goal;
  part?: InvariantPart;
  servers?: string[];
  title?: string;
  caption?: string;
  /** A puzzle's slug: share links name it, and its solve is recorded. */
  puzzle?: string;
  initialSchedule?: Action[] | null;
  /** Inside a lesson: keys work while the widget has focus; the page-level screen always. */
  embedded?: boolean;
  onSolved?: () => void;
  solved?: boolean;
  /** No "Find a bad schedule" or "Prove it" (a candidate in an interview works it out). */
  noSolver?: boolean;
  /** Offer "Run it for real" even when embedded (the screen itself always offers it). */
  real?: boolean;
  /** A schedule driven from elsewhere (a live interview): shown as soon as it differs. */
  remoteSchedule?: Action[] | null;
  /** Called with the schedule on screen each time it changes. */
  onSchedule?: (schedule: Action[]) => void;
}

export function Scheduler(props: SchedulerProps) {
  const { raw, goal, part, servers, puzzle } = props;
  const { view, step, pause, undo, restart, prove, findBad, showViolating } = useScheduler(
    raw,
    props.initialSchedule ?? null,
    props.remoteSchedule ?? null,
  );
  const root = useRef<HTMLDivElement>(null);
  const [link, setLink] = useState<string | null>(null);
  const st = view.state;
  const pauseLength = usePauseLength(st);
  const input: ExploreInput | null = view.input;
  const n = input?.requests.length ?? 0;
  const inv = effectiveInvariant(input?.invariant);
  const crashes = !!input && input.crashes !== false;
  const disabled = view.busy || view.replaying;

  // The keys the last round trip changed, to highlight them in the store.
  const changed = useMemo(() => changedKeys(st), [st]);

  const reached = st?.verdict && goal === 'break' ? breaksGoal({ part }, st.verdict) : false;
  const proved = goal === 'prove' && view.proof !== null && view.proof.verdict === 'safe';
  const solvedNow = (reached && !view.assisted) || proved;
  const { onSolved } = props;
  useEffect(() => {
    if (solvedNow) onSolved?.();
  }, [solvedNow, onSolved]);

  useEffect(() => {
    if (!props.embedded) root.current?.focus({ preventScroll: true });
  }, [props.embedded]);
  useEffect(() => {
    setLink(null);
  }, [st?.schedule.length]);
  const { onSchedule } = props;
  const scheduleKey = st ? JSON.stringify(st.schedule) : null;
  useEffect(() => {
    if (scheduleKey !== null) onSchedule?.(JSON.parse(scheduleKey) as Action[]);
  }, [scheduleKey, onSchedule]);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
    const digit = /^Digit([1-4])$/.exec(e.code);
    if (digit && st) {
      const i = Number(digit[1]) - 1;
      const s = st.servers[i];
      if (!s) return;
      e.preventDefault();
      if (e.shiftKey) {
        if (s.canCrash) step(i, true);
      } else if (s.status === 'running') step(i);
    } else if (e.key === 'p') {
      e.preventDefault();
      if (pauseLength.can) pause(pauseLength.ms);
    } else if (e.key === 'u' || e.key === 'Backspace') {
      e.preventDefault();
      undo();
    } else if (e.key === 'r') {
      e.preventDefault();
      restart();
    }
  };

  const share = () => {
    if (!st) return;
    const base = `${location.origin}${location.pathname}`;
    const url = puzzle
      ? `${base}#/races/${puzzle}?schedule=${scheduleText(st.schedule)}`
      : `${base}#/races?s=${encodeRaceShare(raw, st.schedule)}`;
    setLink(url);
    void navigator.clipboard?.writeText(url).catch(() => undefined);
  };

  const keyRange = n > 1 ? `1-${n}` : '1';
  const keysHelp = `Keys: ${keyRange} send${crashes ? `, Shift+${keyRange} crash` : ''}, P pause, U undo, R restart`;
  const codeOf = (i: number) => input?.requests[i]?.code ?? input?.code ?? '';
  // A crash button shows only where a crash is possible right now.
  const cols = st
    ? st.servers.map((s, i) => (
        <ServerColumn
          key={i}
          index={i}
          name={serverLabel(servers, i)}
          code={codeOf(i)}
          server={s}
          disabled={disabled}
          onStep={() => step(i)}
          onCrash={s.canCrash ? () => step(i, true) : null}
        />
      ))
    : [];

  return (
    <div
      className="scheduler"
      ref={root}
      tabIndex={-1}
      onKeyDown={onKey}
      data-testid="scheduler"
      data-finished={st?.finished ? 'true' : 'false'}
      data-busy={disabled ? 'true' : 'false'}
    >
      <RaceGoal goal={goal} part={part} inv={inv} allowed={st?.allowed ?? null} crashes={crashes} />
      <RaceToolbar
        view={view}
        pause={pauseLength}
        disabled={disabled}
        solver={!props.noSolver}
        puzzle={puzzle}
        keysHelp={keysHelp}
        onUndo={undo}
        onRestart={restart}
        onPause={() => pause(pauseLength.ms)}
        onFindBad={() => void findBad()}
        onProve={() => void prove()}
        onShare={share}
      />
      {link && (
        <p className="race-link">
          <label>
            Link (copied if your browser allows):{' '}
            <input
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="race-link"
            />
          </label>
        </p>
      )}
      {view.error && (
        <p className="notice error" role="alert" data-testid="race-error">
          {view.error}
        </p>
      )}
      {view.proof && <ProofSummary proof={view.proof} inv={inv} crashes={crashes} />}
      {view.proof && !props.noSolver && (
        <ProofSteps
          proof={view.proof}
          input={input}
          at={view.violatingAt}
          disabled={disabled || view.proving}
          onShow={(k) => void showViolating(k)}
        />
      )}
      {view.note && (
        <p className="race-proof is-safe" role="status" data-testid="race-note">
          {view.note}
        </p>
      )}
      {st && (
        // The servers in order, then Redis: the same place for the store at every width and
        // with any number of servers (never between two of them).
        <div className="race-board" style={{ ['--servers' as string]: n }}>
          {cols}
          <StoreColumn keys={st.store} changed={changed} />
        </div>
      )}
      {!st && !view.error && (
        <p className="loading" role="status">
          Loading the scheduler…
        </p>
      )}
      {st && (
        <div className="race-bottom">
          <section aria-label="Schedule so far">
            <h3 className="race-sub">
              Schedule so far ({st.steps.length} step{st.steps.length === 1 ? '' : 's'})
            </h3>
            <StepLog steps={st.steps} names={servers} />
          </section>
          {st.finished && st.verdict && (
            <RaceVerdict
              verdict={st.verdict}
              names={servers}
              reached={reached}
              assisted={view.assisted}
            />
          )}
        </div>
      )}
      {!props.noSolver && (!props.embedded || props.real) && <RealRacePanel raw={raw} />}
      {proved && (
        <p className="race-solved" data-testid="race-goal-reached">
          Solved: the explorer tried every ordering and none breaks the invariant.
        </p>
      )}
      {props.solved && (
        <p className="muted race-solved-before">You have solved this puzzle before.</p>
      )}
    </div>
  );
}
