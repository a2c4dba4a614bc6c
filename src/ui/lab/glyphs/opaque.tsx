// A limiter with no drawing of its own (a Lua script): the Redis keys it keeps, one line each
// (key, then its value in short), or its name when it has none to show.
import type { OpaqueView } from '../../../core/limiters/types';
import { PAD, type Glyph, type GlyphProps } from './types';
import { wrapWords } from './wrap';
import './opaque.css';

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

function Draw({ view, w, h }: GlyphProps<OpaqueView>) {
  const keys = viewKeys(view);
  if (keys.length === 0)
    return (
      <text className="sv-sub" x={PAD} y={h / 2}>
        {nameOf(view)}: no keys yet
      </text>
    );
  // The keys are HTML inside the drawing, so the browser wraps each value at its spaces (and a
  // long number anywhere) to the box's real width, whatever the font and the layout's scale:
  // nothing runs past the box's edge or stops mid-word. Keys that do not fit are counted.
  const maxLines = Math.max(2, Math.floor((h - 4) / 13));
  const chars = Math.max(8, Math.floor((w - 2 * PAD) / 7.5));
  let used = 0;
  let shown = 0;
  for (const k of keys) {
    const lines = 1 + wrapWords(valueText(k), chars).length;
    if (shown > 0 && used + lines > maxLines) break;
    used += lines;
    shown++;
  }
  return (
    <g className="sv sv-keys">
      <foreignObject x={PAD} y={0} width={Math.max(0, w - 2 * PAD)} height={Math.max(0, h - 2)}>
        <div className="sv-keys-text">
          {keys.slice(0, shown).map((k) => (
            <p key={k.key}>
              <span className="sv-key-name">{k.key}</span> <span>{valueText(k)}</span>
            </p>
          ))}
        </div>
      </foreignObject>
      {keys.length > shown && (
        <text className="sv-sub" x={w - PAD} y={h - 2} textAnchor="end">
          +{keys.length - shown} more
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
