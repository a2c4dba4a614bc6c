// Redis 7's script shebang (`#!lua flags=no-writes`), validated as eval.c's
// evalExtractShebangFlags does. The model reads the flags itself; the engine compiles the body.
import type { Reply } from '../redis/reply';
import { splitArgs } from '../redis/splitArgs';

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

/** Redis never sends a newline inside an error line. */
function oneLine(s: string): string {
  return s.includes('\n') || s.includes('\r') ? s.replace(/[\r\n]/g, ' ') : s;
}
