// The command line's real-Redis flags: `redis --real URL FILE` and
// `explore --real URL --trials N [--delay-ms D] [--lockstep] FILE`, each with
// `--allow-remote` for a server outside the loopback range and `--prefix BASE` (default
// `ratelab:`). URL: redis://HOST:PORT or
// redis+cluster://HOST:PORT,HOST:PORT (or --cluster with a redis:// list of seed nodes).
import { parseTarget, TargetError, type RealTarget } from '../server/real/target';

export interface RealFlags {
  target: RealTarget | null;
  trials?: number;
  delayMs?: number;
  lockstep: boolean;
  /** The base of the run's key prefix (default ratelab:). */
  prefix?: string;
  /** What is left: the input file. */
  rest: string[];
}

const num = (flag: string, v: string | undefined, errs: string[]): number | undefined => {
  if (v === undefined || v.startsWith('--')) {
    errs.push(`${flag} needs a number`);
    return undefined;
  }
  const n = Number(v);
  if (!Number.isFinite(n)) errs.push(`${flag} must be a number, got "${v}"`);
  return n;
};

/** Reads the flags of `args` (a verb's arguments); throws a list of messages naming each bad one. */
export function parseRealFlags(verb: string, args: string[]): RealFlags {
  const errs: string[] = [];
  let url: string | undefined;
  let allowRemote = false;
  let cluster = false;
  const out: RealFlags = { target: null, lockstep: false, rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--real') {
      url = args[++i];
      if (url === undefined || url.startsWith('--'))
        errs.push('--real needs a URL (redis://HOST:PORT)');
    } else if (a === '--allow-remote') allowRemote = true;
    else if (a === '--cluster') cluster = true;
    else if (a === '--trials' && verb === 'explore') out.trials = num(a, args[++i], errs);
    else if (a === '--delay-ms' && verb === 'explore') out.delayMs = num(a, args[++i], errs);
    else if (a === '--lockstep' && verb === 'explore') out.lockstep = true;
    else if (a === '--prefix') {
      const p = args[++i];
      if (p === undefined || p === '' || /[{}*?[\]\\]/.test(p))
        errs.push('--prefix needs a non-empty text without braces or glob characters (*?[]\\)');
      else out.prefix = p;
    } else if (a.startsWith('--') && a !== '-') errs.push(`${a} is not a flag of ${verb}`);
    else out.rest.push(a);
  }
  const realOnly =
    out.trials !== undefined ||
    out.delayMs !== undefined ||
    out.lockstep ||
    out.prefix !== undefined;
  if (url === undefined && (realOnly || allowRemote || cluster))
    errs.push(
      '--trials, --delay-ms, --lockstep, --prefix, --cluster and --allow-remote go with --real URL',
    );
  if (verb === 'explore' && url !== undefined && out.trials === undefined)
    errs.push('explore --real needs --trials N');
  if (url !== undefined && !url.startsWith('--')) {
    const u = cluster ? url.replace(/^redis:\/\//, 'redis+cluster://') : url;
    try {
      out.target = parseTarget(u, { allowRemote });
    } catch (e) {
      if (e instanceof TargetError) errs.push(`--real: ${e.message}`);
      else throw e;
    }
  }
  if (errs.length) throw new RealFlagsError(errs);
  return out;
}

export class RealFlagsError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
  }
}
