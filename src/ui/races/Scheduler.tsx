// The scheduler: the learner plays the scheduler against app-server code. One column per app
// server (its code, the current line, the command it sends next), the shared Redis in the
// middle, the schedule so far below. Keys 1-4 send that server's next round trip (Shift+1-4
// crashes it, P lets time pass on the store's clock, U undoes, R restarts). "Find a bad schedule for me" replays the explorer's
// counterexample; "Prove it" runs the explorer over every schedule. Everything runs in the
// races worker.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { effectiveInvariant } from '../../core/races/explore';
import type { Goal } from '../../core/races/puzzle';
import { breaksGoal } from '../../core/races/puzzle';
import { encodeRaceShare, scheduleText } from '../../core/races/share';
import { MAX_PAUSE_MS } from '../../core/races/session';
import type {
  Action,
  ExploreInput,
  ExploreVerdict,
  Invariant,
  InvariantPart,
  KeyState,
} from '../../core/races/types';
import { ServerColumn, StepLog, StoreColumn, VerdictLists, anyFailed, serverLabel } from './parts';
import { ProofSteps } from './ProofSteps';
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

function invariantWords(inv: Invariant, allowed: number | null): string[] {
  const out: string[] = [];
  if (inv.maxAdmitted !== undefined)
    out.push(
      inv.maxAdmitted === 'serial'
        ? `no more admitted than one at a time would admit${allowed !== null ? ` (${allowed})` : ''}`
        : `at most ${inv.maxAdmitted} admitted`,
    );
  if (inv.minAdmitted !== undefined) out.push(`at least ${inv.minAdmitted} admitted`);
  if (inv.allKeysHaveTtl) out.push('every key has an expiry');
  if (inv.noChargeWhenDenied) out.push('a refused request charges nothing');
  return out;
}

const partsOf = (inv: Invariant): InvariantPart[] =>
  (['maxAdmitted', 'minAdmitted', 'allKeysHaveTtl', 'noChargeWhenDenied'] as const).filter(
    (p) => inv[p] !== undefined && inv[p] !== false,
  );

const PROOF_CLASS: Record<ExploreVerdict, string> = {
  safe: 'is-safe',
  unsafe: 'is-broken',
  error: 'is-broken',
  incomplete: 'is-incomplete',
};

/** Just past the nearest expiry in the store (what frees a lock), or one second. */
function suggestedPause(store: readonly KeyState[]): number {
  const ttls = store.flatMap((k) => (k.ttlMs !== null && k.ttlMs >= 0 ? [k.ttlMs] : []));
  return ttls.length ? Math.floor(Math.min(...ttls)) + 1 : 1000;
}

const PART_WORDS: Record<InvariantPart, string> = {
  maxAdmitted: 'admit more than the limit allows',
  minAdmitted: 'admit fewer than fit (a request starves or gives up)',
  allKeysHaveTtl: 'leave a key with no expiry',
  noChargeWhenDenied: 'charge a request that is refused',
};

export function Scheduler(props: SchedulerProps) {
  const { raw, goal, part, servers, puzzle } = props;
  const { view, step, pause, undo, restart, prove, findBad, showViolating } = useScheduler(
    raw,
    props.initialSchedule ?? null,
    props.remoteSchedule ?? null,
  );
  const root = useRef<HTMLDivElement>(null);
  const [link, setLink] = useState<string | null>(null);
  /** The pause length the learner typed; null: the suggestion (just past the nearest expiry). */
  const [pauseText, setPauseText] = useState<string | null>(null);
  const st = view.state;
  const pauseMs = Number(pauseText ?? suggestedPause(st?.store ?? []));
  const pauseOk = Number.isInteger(pauseMs) && pauseMs >= 1 && pauseMs <= MAX_PAUSE_MS;
  const canPause = !!st && !st.finished && pauseOk;
  const input: ExploreInput | null = view.input;
  const n = input?.requests.length ?? 0;
  const inv = effectiveInvariant(input?.invariant);
  const disabled = view.busy || view.replaying;

  // The keys the last round trip changed, to highlight them in the store.
  const changed = useMemo(() => {
    const out = new Set<string>();
    if (!st || st.steps.length === 0) return out;
    const last = st.steps[st.steps.length - 1]!.state;
    const prev = st.steps.length > 1 ? st.steps[st.steps.length - 2]!.state : st.initialStore;
    const before = new Map(prev.map((k) => [k.key, JSON.stringify(k)]));
    for (const k of last) if (before.get(k.key) !== JSON.stringify(k)) out.add(k.key);
    return out;
  }, [st]);

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
      if (canPause) pause(pauseMs);
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

  const crashNote =
    input && input.crashes !== false ? ' Servers may crash between two round trips.' : '';
  const keyRange = n > 1 ? `1-${n}` : '1';
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
      <div className="race-goal" data-testid="race-goal">
        {goal === 'play' ? (
          <>
            <strong>Invariant:</strong> {invariantWords(inv, st?.allowed ?? null).join('; ')}.{' '}
            <span className="muted">
              Pick the order of the round trips and see whether it holds.
              {crashNote}
            </span>
          </>
        ) : (
          <>
            <strong>{goal === 'prove' ? 'Try to break it' : 'Goal'}:</strong>{' '}
            {goal === 'break'
              ? `find an ordering that makes it ${part ? PART_WORDS[part] : 'break the invariant'}.`
              : 'no ordering should break the invariant. Look for one, then press Prove it.'}{' '}
            <span className="muted">
              Invariant: {invariantWords(inv, st?.allowed ?? null).join('; ')}.{crashNote}
            </span>
          </>
        )}
      </div>
      <div className="race-toolbar" role="toolbar" aria-label="Scheduler">
        <button
          type="button"
          className="button"
          onClick={undo}
          disabled={disabled || !st?.schedule.length}
          data-testid="race-undo"
          aria-keyshortcuts="U"
        >
          Undo
        </button>
        <button
          type="button"
          className="button"
          onClick={restart}
          disabled={!st}
          data-testid="race-restart"
          aria-keyshortcuts="R"
        >
          Restart
        </button>
        <span className="race-pause">
          <button
            type="button"
            className="button"
            onClick={() => pause(pauseMs)}
            disabled={disabled || !canPause}
            data-testid="race-pause"
            aria-keyshortcuts="P"
            title="Let time pass on the store's clock: keys whose expiry passes are gone"
          >
            Pause
          </button>{' '}
          <label>
            <input
              type="number"
              min={1}
              max={MAX_PAUSE_MS}
              step={1}
              value={pauseText ?? String(suggestedPause(st?.store ?? []))}
              onChange={(e) => setPauseText(e.currentTarget.value)}
              aria-label="Pause length in milliseconds"
              aria-invalid={!pauseOk}
              data-testid="race-pause-ms"
            />{' '}
            ms
          </label>
        </span>
        {!props.noSolver && (
          <>
            <button
              type="button"
              className="button"
              onClick={() => void findBad()}
              disabled={view.proving || view.replaying || !st}
              data-testid="race-find-bad"
            >
              Find a bad schedule for me
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void prove()}
              disabled={view.proving || !st}
              data-testid="race-prove"
            >
              Prove it
            </button>
          </>
        )}
        <button
          type="button"
          className="button"
          onClick={share}
          disabled={!st}
          data-testid="race-share"
        >
          Share this ordering
        </button>
        {puzzle && (
          <a
            className="button"
            href={`#/present/race/${puzzle}${st?.schedule.length ? `?schedule=${scheduleText(st.schedule)}` : ''}`}
            data-testid="race-present"
          >
            Present
          </a>
        )}
        <span className="muted race-keys-help">
          Keys: {keyRange} send
          {input && input.crashes !== false ? `, Shift+${keyRange} crash` : ''}, P pause, U undo, R
          restart
        </span>
        {(view.busy || view.proving) && (
          <span className="muted" role="status">
            {view.proving ? 'Trying every schedule…' : 'Working…'}
          </span>
        )}
      </div>
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
      {view.proof && (
        <p
          className={`race-proof ${PROOF_CLASS[view.proof.verdict]}`}
          role="status"
          data-testid="race-proof"
          data-verdict={view.proof.verdict}
        >
          {view.proof.verdict === 'error' && (
            <>
              <strong data-testid="race-proof-error">{view.proof.summary}</strong> A failing program
              proves nothing: fix it first.{' '}
            </>
          )}
          <strong>
            {view.proof.schedules.toLocaleString('en')} schedule
            {view.proof.schedules === 1 ? '' : 's'}, {view.proof.violations.toLocaleString('en')}{' '}
            violation{view.proof.violations === 1 ? '' : 's'}
          </strong>
          {view.proof.complete
            ? ' (every distinct ordering of the round trips'
            : ` (not complete: ${view.proof.incompleteReason?.text ?? 'the explorer stopped early'}; this is not every ordering`}
          {input && input.crashes !== false ? ', and every crash point' : ''}
          {')'}
          {view.proof.violations > 0 && partsOf(inv).length > 1
            ? `: ${partsOf(inv)
                .map(
                  (p) =>
                    `${(view.proof!.violationsBy[p] ?? 0).toLocaleString('en')} ${PART_WORDS[p]}`,
                )
                .join('; ')}`
            : ''}
          .
        </p>
      )}
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
            <section
              className={`race-verdict ${st.verdict.broken.length || anyFailed(st.verdict) ? 'is-broken' : 'is-safe'}`}
              aria-label="Verdict"
              data-testid="race-verdict"
              data-broken={st.verdict.broken.map((b) => b.part).join(' ')}
            >
              <h3 className="race-sub">Every request has finished</h3>
              <p className="race-count">
                <span data-testid="race-admitted">{st.verdict.admitted}</span> admitted
                {st.verdict.allowed !== null && (
                  <>
                    {' '}
                    · the limit allows <span data-testid="race-allowed">{st.verdict.allowed}</span>
                  </>
                )}
              </p>
              <VerdictLists verdict={st.verdict} names={servers} />
              {reached && (
                <p
                  className={view.assisted ? 'race-assisted' : 'race-solved'}
                  data-testid="race-goal-reached"
                  data-assisted={view.assisted ? 'true' : 'false'}
                >
                  {view.assisted
                    ? 'That is a bad schedule (the explorer found it). Restart and find one yourself to solve the puzzle.'
                    : 'Solved: you found an ordering that breaks it.'}
                </p>
              )}
            </section>
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
