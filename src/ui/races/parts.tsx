// The scheduler screen's pieces: an app server's column (its code with the current line), the
// shared store, the schedule so far, and how each request ended, in the lab's outcome shapes.
import type { Local } from '../../core/races/lines';
import type { ServerView } from '../../core/races/session';
import type { KeyState, RequestEnd, Step, Verdict } from '../../core/races/types';
import type { JsonReply } from '../../core/redis/reply';
import type { Outcome } from '../../core/lab/columns';
import { OutcomeShape } from '../widgets/OutcomeChip';
import '../widgets/widgets.css';

export const serverLabel = (names: string[] | undefined, i: number): string =>
  names?.[i] ?? String.fromCharCode(65 + i);

/** A reply the way redis-cli users read it, short. */
export function replyText(r: JsonReply): string {
  if (r === null) return '(nil)';
  if (typeof r === 'number') return `(integer) ${r}`;
  if (typeof r === 'string') return JSON.stringify(r.length > 40 ? `${r.slice(0, 39)}…` : r);
  if (Array.isArray(r)) return `[${r.map(replyText).join(', ')}]`;
  if ('ok' in r) return r.ok;
  return `(error) ${r.err.length > 80 ? `${r.err.slice(0, 79)}…` : r.err}`;
}

/** A command for display: a script argument of EVAL is shortened to its size. */
export function commandText(cmd: readonly string[]): string {
  return cmd
    .map((a, i) => {
      if (i === 1 && /^eval$/i.test(cmd[0]!)) return `«script, ${a.split('\n').length} lines»`;
      const t = a.length > 40 ? `${a.slice(0, 39)}…` : a;
      return /[\s"]/.test(t) || t === '' ? JSON.stringify(t) : t;
    })
    .join(' ');
}

/** How an end shows: the lab's outcome shapes (a crashed server never answers: like a 503). */
export function endOutcome(e: RequestEnd): { outcome: Outcome; label: string } {
  switch (e.kind) {
    case 'admitted':
      return { outcome: 'allowed', label: 'admitted' };
    case 'refused':
      return { outcome: 'denied', label: 'refused (429)' };
    case 'error':
      return { outcome: 'unavailable', label: 'failed (error)' };
    case 'crashed':
      return { outcome: 'unavailable', label: 'crashed: no answer' };
    case 'starved':
      return { outcome: 'bypass', label: 'starved: still retrying' };
  }
}

export function EndChip({ end }: { end: RequestEnd }) {
  const { outcome, label } = endOutcome(end);
  return (
    <span className={`end-chip outcome-${outcome}`} data-testid="end-chip" data-end={end.kind}>
      <OutcomeShape outcome={outcome} size={13} />
      <span>{label}</span>
    </span>
  );
}

/** Did a request fail (an error reply) in this schedule? Then it never reads as holding. */
export const anyFailed = (v: Verdict): boolean => v.ends.some((e) => e.kind === 'error');

/** How each request ended, then the invariant's broken parts (or that it holds). */
export function VerdictLists({
  verdict,
  names,
}: {
  verdict: Verdict;
  names: string[] | undefined;
}) {
  return (
    <>
      <ul className="race-ends">
        {verdict.ends.map((e, i) => (
          <li key={i}>
            Server {serverLabel(names, i)}: <EndChip end={e} />
          </li>
        ))}
      </ul>
      {verdict.broken.length ? (
        <ul className="race-broken">
          {verdict.broken.map((b) => (
            <li key={b.part}>{b.why.charAt(0).toUpperCase() + b.why.slice(1)}</li>
          ))}
        </ul>
      ) : anyFailed(verdict) ? (
        <p data-testid="race-failed">
          A request failed, so this ordering proves nothing: fix the code first.
        </p>
      ) : (
        <p>The invariant holds in this ordering.</p>
      )}
    </>
  );
}

/** The longest value shown in full on the locals line (a long string is cut, with …). */
const LOCAL_VALUE_CHARS = 40;

const localText = (l: Local): string =>
  `${l.name} = ${l.value.length > LOCAL_VALUE_CHARS ? `${l.value.slice(0, LOCAL_VALUE_CHARS)}…` : l.value}`;

/** A server's local variables where it stands now, e.g. `limit = 3, count = 2`. */
function LocalsLine({ name, index, locals }: { name: string; index: number; locals: Local[] }) {
  return (
    <p className="race-locals" data-testid={`race-locals-${index}`}>
      <span className="muted">Server {name}'s locals: </span>
      <code>{locals.length ? locals.map(localText).join(', ') : 'none yet'}</code>
    </p>
  );
}

export function ServerColumn({
  name,
  index,
  code,
  server,
  disabled,
  onStep,
  onCrash,
}: {
  name: string;
  index: number;
  code: string;
  server: ServerView;
  disabled: boolean;
  onStep: () => void;
  onCrash: (() => void) | null;
}) {
  const lines = code.split('\n');
  const running = server.status === 'running';
  const key = index < 4 ? ` (key ${index + 1})` : '';
  return (
    <section
      className={`race-server ${running ? 'is-running' : 'is-finished'}`}
      aria-label={`Server ${name}`}
      data-testid={`race-server-${index}`}
      data-status={server.status}
    >
      <header className="race-server-head">
        <h3>Server {name}</h3>
        <span className="muted">
          {server.roundTrips} round trip{server.roundTrips === 1 ? '' : 's'}
        </span>
      </header>
      <pre className="race-code" aria-label={`Server ${name}'s code`}>
        {lines.map((l, k) => {
          const here = running && server.line === k + 1;
          return (
            <span
              key={k}
              className={`race-line${here ? ' is-current' : ''}`}
              aria-current={here ? 'step' : undefined}
            >
              <span className="race-lineno" aria-hidden="true">
                {k + 1}
              </span>
              <span>{l || ' '}</span>
            </span>
          );
        })}
      </pre>
      <LocalsLine name={name} index={index} locals={server.locals} />
      <div className="race-server-foot">
        {running && server.next ? (
          <>
            <p className="race-next">
              Next: <code>{commandText(server.next)}</code>
            </p>
            <div className="row">
              <button
                type="button"
                className="button primary"
                onClick={onStep}
                disabled={disabled}
                data-testid={`race-step-${index}`}
                aria-keyshortcuts={index < 4 ? String(index + 1) : undefined}
              >
                Send it{key}
              </button>
              {onCrash && (
                <button
                  type="button"
                  className="button danger"
                  onClick={onCrash}
                  disabled={disabled}
                  data-testid={`race-crash-${index}`}
                >
                  Crash {name}
                </button>
              )}
            </div>
          </>
        ) : server.end ? (
          <EndChip end={server.end} />
        ) : null}
      </div>
    </section>
  );
}

function ttlText(ms: number | null): string {
  if (ms === null) return 'no expiry';
  return ms >= 10000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

function valueText(k: KeyState): string {
  if (typeof k.value === 'string') return k.value;
  if (k.type === 'hash' || k.type === 'zset')
    return (k.value as [string, string | number][]).map(([a, b]) => `${a}=${b}`).join(' ');
  return (k.value as string[]).join(', ');
}

export function StoreColumn({
  keys,
  changed,
}: {
  keys: KeyState[];
  /** Keys the last step changed. */
  changed: Set<string>;
}) {
  return (
    <section className="race-store" aria-label="Shared Redis" data-testid="race-store">
      <header className="race-server-head">
        <h3>Shared Redis</h3>
        <span className="muted">
          {keys.length} key{keys.length === 1 ? '' : 's'}
        </span>
      </header>
      {keys.length === 0 ? (
        <p className="muted race-empty">Empty.</p>
      ) : (
        <table className="race-keys">
          <thead>
            <tr>
              <th scope="col">key</th>
              <th scope="col">value</th>
              <th scope="col">TTL</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.key} className={changed.has(k.key) ? 'is-changed' : undefined}>
                <td>
                  <code>{k.key}</code>
                </td>
                <td data-testid={`race-value-${k.key}`}>
                  <code>{valueText(k)}</code>
                  {k.type !== 'string' && <span className="muted"> ({k.type})</span>}
                </td>
                <td className={k.ttlMs === null ? 'race-no-ttl' : undefined}>{ttlText(k.ttlMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function StepLog({ steps, names }: { steps: Step[]; names: string[] | undefined }) {
  if (steps.length === 0)
    return (
      <p className="muted race-log-empty">
        No round trips yet. Pick which server goes first (or press its number key).
      </p>
    );
  return (
    <ol className="race-log" data-testid="race-log">
      {steps.map((s, k) => (
        <li key={k} className={`race-log-${'pause' in s ? 'pause' : s.request}`}>
          {'pause' in s ? (
            <span className="race-pause-text">
              Pause: {s.pause.toLocaleString('en')} ms pass on the store&apos;s clock
            </span>
          ) : (
            <strong>{serverLabel(names, s.request)}</strong>
          )}{' '}
          {'pause' in s ? null : 'crash' in s ? (
            <span className="race-crash-text">crashes (sends nothing more, never answers)</span>
          ) : (
            <>
              <code>{commandText(s.command)}</code> → <code>{replyText(s.reply)}</code>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
