// "Run it for real": the scheduler's program as real concurrent connections to a real Redis
// (through the lab server), N trials, beside the explorer's verdict. Nothing is requested
// until the button is pressed; without a lab server or a Redis the panel says how to set one up.
import { useState } from 'react';
import { realRace } from '../../store/realRedis';

interface RealTally {
  trials: number;
  violations: number;
  admitted: Record<string, number>;
  allowed: number | null;
  complete: boolean;
  trialsPerSecond: number;
  explorer: {
    verdict?: 'error' | 'unsafe' | 'incomplete' | 'safe';
    summary?: string;
    schedules: number;
    violations: number;
    complete: boolean;
  };
}

type View =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'message'; text: string }
  | { kind: 'done'; tally: RealTally };

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

export function RealRacePanel({ raw }: { raw: Record<string, unknown> }) {
  const [trials, setTrials] = useState('100');
  const [delay, setDelay] = useState('0');
  const [lockstep, setLockstep] = useState(false);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const run = async () => {
    const t = Number(trials);
    const d = Number(delay);
    if (!Number.isInteger(t) || t < 1 || t > 10_000)
      return setView({ kind: 'message', text: 'Trials must be a whole number from 1 to 10,000.' });
    if (!Number.isFinite(d) || d < 0 || d > 1000)
      return setView({ kind: 'message', text: 'The delay must be 0 to 1,000 ms.' });
    setView({ kind: 'running' });
    const r = await realRace(raw, { trials: t, delayMs: d, lockstep });
    setView(
      r.ok
        ? { kind: 'done', tally: r.value as unknown as RealTally }
        : { kind: 'message', text: r.message },
    );
  };
  const tally = view.kind === 'done' ? view.tally : null;
  return (
    <details className="race-real" data-testid="race-real">
      <summary>Run it for real (a real Redis, real connections)</summary>
      <p className="muted">
        Each request becomes its own connection to a real Redis run by the lab server, all at once,
        for as many trials as you ask. A delay after each round trip widens the race window;
        lockstep makes every server finish a round trip before any sends its next.
      </p>
      <div className="race-real-form">
        <label className="field">
          <span>Trials</span>
          <input
            value={trials}
            onChange={(e) => setTrials(e.target.value)}
            inputMode="numeric"
            data-testid="race-real-trials"
          />
        </label>
        <label className="field">
          <span>Delay (ms)</span>
          <input
            value={delay}
            onChange={(e) => setDelay(e.target.value)}
            inputMode="decimal"
            data-testid="race-real-delay"
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={lockstep}
            onChange={(e) => setLockstep(e.target.checked)}
          />{' '}
          Lockstep
        </label>
        <button
          type="button"
          className="button"
          onClick={() => void run()}
          disabled={view.kind === 'running'}
          data-testid="race-real-run"
        >
          {view.kind === 'running' ? 'Running trials…' : 'Run it for real'}
        </button>
      </div>
      {view.kind === 'message' && (
        <p className="notice" role="status" data-testid="race-real-message">
          {view.text}
        </p>
      )}
      {tally && (
        <div role="status" data-testid="race-real-result">
          <p>
            <strong>
              {plural(tally.trials, 'trial')} on real Redis, {tally.violations.toLocaleString('en')}{' '}
              broke the invariant
            </strong>
            {tally.complete ? '' : ' (stopped at the deadline)'} (
            {Math.round(tally.trialsPerSecond)} trials/s). Admitted:{' '}
            {Object.entries(tally.admitted)
              .map(([n, k]) => `${n} in ${plural(k, 'trial')}`)
              .join(', ')}
            {tally.allowed !== null ? `; the limit allows ${tally.allowed}` : ''}.
          </p>
          <p>
            The explorer on the model: {plural(tally.explorer.schedules, 'schedule')},{' '}
            {plural(tally.explorer.violations, 'violation')}
            {tally.explorer.complete ? '' : ' (stopped at its cap)'}.{' '}
            {tally.explorer.verdict === 'error'
              ? `Not a proof: ${tally.explorer.summary ?? 'requests failed'}.`
              : tally.explorer.violations === 0 && !tally.explorer.complete
                ? 'No bad ordering found before the search stopped: that is not a proof.'
                : tally.explorer.violations === 0
                  ? 'Proved safe: no ordering breaks it, so no trial can.'
                  : tally.violations === 0
                    ? 'Every trial passed, yet a bad ordering exists: trials only see the orderings this machine happens to produce.'
                    : 'The bad ordering happened on real hardware.'}
          </p>
        </div>
      )}
    </details>
  );
}
