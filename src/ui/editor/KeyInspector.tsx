// The editor's key inspector: the store's keys at the scene's time (from the last run's
// frames), each with its type, its value (a hash, set or zset folded into a sub-table) and TTL.
import type { KeySnapshot } from '../../core/redis/model';
import { keysAt, type KeyFrame } from '../../core/playground/runner';
import { useLab } from '../lab/useLab';
import { fmtTtl } from './format';
import { useEditor } from './useEditor';

/** At most this many fields, members or items of one key are listed. */
const MAX_ITEMS = 200;

function KeyValue({ k }: { k: KeySnapshot }) {
  if (k.type === 'string') return <code>{JSON.stringify(k.value)}</code>;
  const items = k.value as Array<[string, string] | [string, number] | string>;
  const label = k.type === 'hash' ? 'fields' : k.type === 'zset' ? 'members' : 'items';
  return (
    <details className="ed-val">
      <summary>
        {items.length} {label}
      </summary>
      <table className="ed-sub">
        <tbody>
          {items.slice(0, MAX_ITEMS).map((it, j) =>
            Array.isArray(it) ? (
              <tr key={j}>
                <td>
                  <code>{it[0]}</code>
                </td>
                <td>
                  <code>{String(it[1])}</code>
                </td>
              </tr>
            ) : (
              <tr key={j}>
                <td>{j}</td>
                <td>
                  <code>{it}</code>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </details>
  );
}

export interface KeyTableProps {
  /** The last run's key frames, or null before the first run. */
  frames: readonly KeyFrame[] | null;
  /** The scene's time, seconds. */
  now: number;
}

/** The keys of given frames at a given moment (no store: what the tests render). */
export function KeyTable({ frames, now }: KeyTableProps) {
  const keys = frames ? keysAt(frames, now) : [];
  return (
    <section className="panel ed-keys" aria-labelledby="keys-h" data-testid="key-inspector">
      <h2 id="keys-h">
        Keys in the store <span className="muted small">at t = {now.toFixed(2)} s</span>
      </h2>
      {keys.length === 0 ? (
        <p className="muted">
          {frames ? 'No keys yet at this moment.' : 'Run the script to fill the store.'}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="ed-table">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Type</th>
                <th scope="col">Value</th>
                <th scope="col">TTL</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.key} data-testid="key-row">
                  <td>
                    <code>{k.key}</code>
                  </td>
                  <td>{k.type}</td>
                  <td>
                    <KeyValue k={k} />
                  </td>
                  <td className="num" data-testid="key-ttl">
                    {fmtTtl(k.ttlMs)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function KeyInspector() {
  useLab((s) => s.run);
  // The panels' coarse clock: exact when paused, ~10 times a second while playing.
  const now = useLab((s) => s.panelNow);
  const frames = useEditor((s) => s.output?.frames ?? null);
  return <KeyTable frames={frames} now={now} />;
}
