// Redis 7's script shebang (`#!lua flags=no-writes`), validated as eval.c's
// evalExtractShebangFlags does. The model reads the flags itself; the engine compiles the body.
import type { Reply } from '../redis/reply';

const SHEBANG_FLAGS = new Set([
  'no-writes',
  'allow-oom',
  'allow-stale',
  'no-cluster',
  'allow-cross-slot-keys',
]);

/**
 * Redis 7's shebang (`#!lua flags=no-writes`): validated as evalExtractShebangFlags does, then
 * dropped keeping its line break so line numbers hold. Returns the body or the error reply.
 */
export function shebangBody(source: string): string | Reply {
  if (!source.startsWith('#!')) return source;
  const nl = source.indexOf('\n');
  if (nl < 0) return { t: 'err', v: 'ERR Invalid script shebang' };
  const parts = splitArgs(source.slice(0, nl));
  if (parts === null || parts.length === 0)
    return { t: 'err', v: 'ERR Invalid engine in script shebang' };
  if (parts[0] !== '#!lua')
    return { t: 'err', v: oneLine(`ERR Unexpected engine in script shebang: ${parts[0]}`) };
  for (const part of parts.slice(1)) {
    if (part.startsWith('flags=')) {
      const flags = part.slice(6);
      for (const f of flags === '' ? [] : flags.split(',')) {
        if (!SHEBANG_FLAGS.has(f))
          return { t: 'err', v: oneLine(`ERR Unexpected flag in script shebang: ${f}`) };
      }
    } else return { t: 'err', v: oneLine(`ERR Unknown lua shebang option: ${part}`) };
  }
  return source.slice(nl);
}

/** sdssplitargs: words separated by blanks, "double" and 'single' quotes; null if unbalanced. */
export function splitArgs(line: string): string[] | null {
  const out: string[] = [];
  const blank = (c: string | undefined): boolean => c !== undefined && ' \n\r\t\v\f'.includes(c);
  let i = 0;
  for (;;) {
    while (blank(line[i])) i++;
    if (i >= line.length) return out;
    let cur = '';
    while (i < line.length && !blank(line[i])) {
      const q = line[i];
      if (q === '"' || q === "'") {
        // A quoted part ends at its closing quote, which must end the word.
        const close = line.indexOf(q, i + 1);
        if (close < 0) return null;
        let part = line.slice(i + 1, close);
        if (q === '"') part = part.replace(/\\(.)/g, '$1');
        cur += part;
        i = close + 1;
        if (i < line.length && !blank(line[i])) return null;
      } else cur += line[i++];
    }
    out.push(cur);
  }
}

/** Redis never sends a newline inside an error line. */
function oneLine(s: string): string {
  return s.includes('\n') || s.includes('\r') ? s.replace(/[\r\n]/g, ' ') : s;
}
