// A limiter with no drawing of its own (a Lua script): the Redis keys it keeps, one line each
// (key, then its value in short), or its name when it has none to show.
import type { OpaqueView } from '../../../core/limiters/types';
import { PAD, type Glyph, type GlyphProps } from './types';

/** The algorithm's name (or, for a view kind no glyph is registered for, the kind). */
const nameOf = (v: OpaqueView): string => v.algorithm ?? v.kind;

interface KeyLike {
  key: string;
  type: string;
  ttlMs: number | null;
  value: unknown;
}

const isKey = (x: unknown): x is KeyLike =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as KeyLike).key === 'string' &&
  typeof (x as KeyLike).type === 'string';

/** The Redis keys a view carries (a Lua limiter's), or []. */
export function viewKeys(v: OpaqueView): KeyLike[] {
  return Array.isArray(v.data) ? v.data.filter(isKey) : [];
}

/** A stored number in short: 4.2000001 -> 4.2, 1700000012.5 stays. */
const short = (x: string): string => {
  const n = Number(x);
  if (x.trim() === '' || !Number.isFinite(n) || Number.isInteger(n)) return x;
  return String(+n.toFixed(Math.abs(n) >= 1e6 ? 1 : 3));
};

/** One key's value in a few characters: `tokens=4.2 ts=…`, `3 members`, `7`. */
export function valueText(k: KeyLike): string {
  const v = k.value;
  let text: string;
  if (typeof v === 'string') text = short(v);
  else if (k.type === 'hash' && Array.isArray(v))
    text = (v as [string, string][]).map(([f, x]) => `${f}=${short(String(x))}`).join(' ');
  else if (k.type === 'zset' && Array.isArray(v))
    text = `${v.length} member${v.length === 1 ? '' : 's'}`;
  else if (Array.isArray(v)) text = `${v.length} item${v.length === 1 ? '' : 's'}`;
  else text = k.type;
  if (k.ttlMs !== null) text += ` · ttl ${Math.max(0, Math.ceil(k.ttlMs / 1000))} s`;
  return text;
}

const clip = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

function Draw({ view, w, h }: GlyphProps<OpaqueView>) {
  const keys = viewKeys(view);
  if (keys.length === 0)
    return (
      <text className="sv-sub" x={PAD} y={h / 2}>
        {nameOf(view)}: no keys yet
      </text>
    );
  // About 6 px per character at the glyph's small size; two lines per key.
  const chars = Math.max(8, Math.floor((w - 2 * PAD) / 6.3));
  const rows = Math.max(1, Math.floor((h - 4) / 26));
  return (
    <g className="sv sv-keys">
      {keys.slice(0, rows).map((k, i) => (
        <g key={k.key} transform={`translate(${PAD},${14 + i * 26})`}>
          <text className="sv-key">{clip(k.key, chars)}</text>
          <text className="sv-sub" y={12}>
            {clip(valueText(k), chars)}
          </text>
        </g>
      ))}
      {keys.length > rows && (
        <text className="sv-sub" x={w - PAD} y={h - 2} textAnchor="end">
          +{keys.length - rows} more
        </text>
      )}
    </g>
  );
}

export const opaqueGlyph: Glyph<OpaqueView> = {
  kind: 'opaque',
  Draw,
  describe: (v) => {
    const keys = viewKeys(v);
    if (keys.length === 0) return `${nameOf(v)} state for ${v.key}: no keys yet.`;
    return `${nameOf(v)} keys for ${v.key}: ${keys.map((k) => `${k.key} = ${valueText(k)}`).join('; ')}.`;
  },
};
