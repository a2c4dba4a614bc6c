// Where a command line names its keys: the argument positions, not just the names. A value
// can equal a key's name (`SET k k`), so rewriting keys (a real server's per-run prefix) needs
// the positions. They come from the same key specs as commandKeys: an argument is a key when
// replacing it with a marker makes the marker come back as a key.
import { commandKeys } from './table';

const MARK = '\u0000ratelab-key-position\u0000';

/** The indices of `args` that are keys by the command table's key specs ([] when none). */
export function keyPositions(args: readonly string[]): number[] {
  const keys = commandKeys(args);
  if (keys.length === 0) return [];
  const out: number[] = [];
  for (let i = 1; i < args.length; i++) {
    if (!keys.includes(args[i]!)) continue;
    const probe = args.slice();
    probe[i] = MARK;
    if (commandKeys(probe).includes(MARK)) out.push(i);
  }
  return out;
}

/** `args` with every key rewritten by `f` (other arguments untouched). */
export function mapKeys(args: readonly string[], f: (key: string) => string): string[] {
  const out = args.slice();
  for (const i of keyPositions(args)) out[i] = f(args[i]!);
  return out;
}
