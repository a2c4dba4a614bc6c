// Text for replies, commands and key values as redis-cli would print them, compactly.
import type { JsonReply } from '../../core/redis/reply';

export function fmtReply(r: JsonReply, depth = 0): string {
  if (r === null) return '(nil)';
  if (typeof r === 'number') return `(integer) ${r}`;
  if (typeof r === 'string') return JSON.stringify(r);
  if (Array.isArray(r)) {
    if (r.length === 0) return '(empty array)';
    if (depth > 2) return `[${r.length} items]`;
    return `[${r.map((x) => fmtReply(x, depth + 1)).join(', ')}]`;
  }
  if ('ok' in r) return r.ok;
  return `(error) ${r.err}`;
}

export function fmtArgs(args: readonly string[]): string {
  return args
    .map((a, i) => (i === 0 ? a.toUpperCase() : /^[\w:.{}+\-*]+$/.test(a) ? a : JSON.stringify(a)))
    .join(' ');
}

export const fmtT = (t: number) => `${t.toFixed(3).replace(/\.?0+$/, '') || '0'} s`;

export function fmtTtl(ms: number | null): string {
  if (ms === null) return 'no expiry';
  if (ms >= 10000) return `${(ms / 1000).toFixed(0)} s`;
  return `${(ms / 1000).toFixed(1)} s`;
}
