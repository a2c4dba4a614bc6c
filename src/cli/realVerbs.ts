// `redis --real URL` and `explore --real URL --trials N`: the verbs' input on a real server.
// `redis --real` prints exactly what the server answered, in the `redis` verb's format (a case
// the safety rules refuse prints {"name", "error"} and sends nothing). `explore --real` prints
// the trials' tally beside the explorer's verdict.
import { parseRedisCases, RedisCaseError } from './redisVerb';
import { RealRunError, runRealCases } from '../server/real/redisRunner';
import { runRealRace } from '../server/real/raceRunner';
import { ConnectionError } from '../server/real/connection';
import type { RealTarget } from '../server/real/target';

export interface VerbOut {
  stdout: string;
  stderr: string;
  code: number;
}

export async function runRedisReal(
  text: string,
  target: RealTarget,
  onLine?: (line: string) => void,
  prefixBase?: string,
): Promise<VerbOut> {
  let cases;
  try {
    cases = parseRedisCases(text);
  } catch (e) {
    if (e instanceof RedisCaseError)
      return { stdout: '', stderr: `redis: ${e.message}\n`, code: 2 };
    throw e;
  }
  let out = '';
  let refused = 0;
  try {
    await runRealCases(cases, { target, prefixBase }, (r) => {
      const line =
        'error' in r
          ? `{"name":${JSON.stringify(r.name)},"error":${JSON.stringify(r.error)}}\n`
          : `{"name":${JSON.stringify(r.name)},"replies":[${r.realReplies.join(',')}]}\n`;
      if ('error' in r) refused++;
      out += line;
      onLine?.(line);
    });
  } catch (e) {
    if (e instanceof RealRunError || e instanceof ConnectionError)
      return { stdout: onLine ? '' : out, stderr: `redis --real: ${e.message}\n`, code: 1 };
    throw e;
  }
  const stderr = refused
    ? `redis --real: ${refused} case${refused === 1 ? '' : 's'} not run on the real server (see their "error" lines)\n`
    : '';
  return { stdout: onLine ? '' : out, stderr, code: 0 };
}

export async function runExploreReal(
  text: string,
  target: RealTarget,
  o: { trials: number; delayMs?: number; lockstep: boolean; prefixBase?: string },
): Promise<VerbOut> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { stdout: '', stderr: `input is not valid JSON: ${(e as Error).message}\n`, code: 2 };
  }
  try {
    const r = await runRealRace(value, { target, ...o });
    if (!r.ok) return { stdout: '', stderr: r.errors.join('\n') + '\n', code: 2 };
    const { example, ...rest } = r.result;
    return { stdout: JSON.stringify({ ...rest, example }) + '\n', stderr: '', code: 0 };
  } catch (e) {
    if (e instanceof ConnectionError)
      return { stdout: '', stderr: `explore --real: ${e.message}\n`, code: 1 };
    throw e;
  }
}
