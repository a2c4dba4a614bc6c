// Checking a finished schedule against the invariant, with the reason in words.
import type { Invariant, RequestEnd, Step, Verdict } from './types';
import type { World } from './world';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Server names as the scheduler screen shows them: A, B, C, D. */
export const serverName = (i: number): string => String.fromCharCode(65 + i);

/**
 * The verdict of a finished world. `allowed` is the maxAdmitted bound with 'serial' already
 * resolved (null when the invariant has no maxAdmitted).
 */
export function judge(world: World, inv: Invariant, allowed: number | null): Verdict {
  const ends = world.ends().map(
    (e): RequestEnd => e ?? { kind: 'starved', afterRoundTrips: 0 }, // not reached: finished
  );
  const admitted = ends.filter((e) => e.kind === 'admitted').length;
  const broken: Verdict['broken'] = [];
  if (allowed !== null && admitted > allowed)
    broken.push({
      part: 'maxAdmitted',
      why: `${plural(admitted, 'request')} admitted, but the limit allows ${allowed}.`,
    });
  if (inv.minAdmitted !== undefined && admitted < inv.minAdmitted) {
    const starved = ends
      .map((e, i) => (e.kind === 'starved' ? serverName(i) : null))
      .filter((x): x is string => x !== null);
    const gaveUp = starved.length
      ? ` Server ${starved.join(' and ')} kept retrying and never got an answer (starved).`
      : '';
    broken.push({
      part: 'minAdmitted',
      why: `only ${plural(admitted, 'request')} admitted, though there was room for ${inv.minAdmitted}.${gaveUp}`,
    });
  }
  if (inv.allKeysHaveTtl) {
    const immortal = world.model
      .snapshot()
      .filter((k) => k.ttlMs === null)
      .map((k) => k.key);
    if (immortal.length)
      broken.push({
        part: 'allKeysHaveTtl',
        why: `the key ${immortal.map((k) => `"${k}"`).join(', ')} has no expiry: it stays in Redis for ever, and a counter without one never resets.`,
      });
  }
  if (inv.noChargeWhenDenied) {
    const charged = ends
      .map((e, i) => (e.kind !== 'admitted' && e.kind !== 'crashed' && world.charged[i] ? i : -1))
      .filter((i) => i >= 0);
    if (charged.length)
      broken.push({
        part: 'noChargeWhenDenied',
        why: `server ${charged.map(serverName).join(' and ')} refused its request but still charged the store for it.`,
      });
  }
  return { admitted, allowed, ends, broken };
}

/** The verdict as one or two sentences for the scheduler screen. */
export function verdictText(v: Verdict): string {
  const head =
    v.allowed !== null
      ? `${plural(v.admitted, 'request')} admitted; the limit allows ${v.allowed}.`
      : `${plural(v.admitted, 'request')} admitted.`;
  const failed = v.ends.flatMap((e, i) =>
    e.kind === 'error' ? [`Server ${serverName(i)} failed: ${e.message}`] : [],
  );
  // A request that failed proves nothing: never say the invariant holds.
  if (failed.length && v.broken.length === 0)
    return `${head} ${failed.join(' ')} A failing request is not a safe schedule: fix the code first.`;
  if (v.broken.length === 0) return `${head} The invariant holds in this schedule.`;
  const why = v.broken.map((b) => b.why.charAt(0).toUpperCase() + b.why.slice(1)).join(' ');
  return `${head} Broken: ${why}`;
}

/** A step as one line of the failure's trace. */
export function stepLine(s: Step): string {
  if ('pause' in s) return `pause: ${s.pause.toLocaleString('en')} ms pass on the store's clock`;
  const who = `server ${serverName(s.request)}`;
  if ('crash' in s) return `${who} crashes (it sends nothing more and never answers)`;
  const cmd = s.command.map((a, i) =>
    i === 1 && /^eval$/i.test(s.command[0]!) ? `«script of ${a.split('\n').length} lines»` : a,
  );
  return `${who}: ${cmd.join(' ')} → ${JSON.stringify(s.reply)}`;
}
