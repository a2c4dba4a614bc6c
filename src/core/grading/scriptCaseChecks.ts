// The checks on one call of a script problem, each with its message: the script's decision
// against the reference's (with what makes the call special), and a key that expires before
// the state it holds stops mattering.
import type { KeySnapshot, RedisModel } from '../redis';
import type { CaseProblem, RunRecord } from './scriptCaseTypes';
import { describeCall, fmtT, retryText } from './scriptCaseText';

/** The message for call k when the script and the reference decide it differently, or null. */
export function compareOne(p: CaseProblem, rec: RunRecord, k: number): string | null {
  const c = rec.calls[k]!;
  const got = rec.decisions[k]!;
  const want = rec.expected[k]!;
  const compareRetry = p.compareRetry ?? true;
  const sameOutcome = got.allowed === want.allowed;
  if (sameOutcome && (want.allowed || !compareRetry || got.retry === want.retry)) return null;
  const why = explain(p, rec, k);
  if (!sameOutcome)
    return `Your script ${got.allowed ? 'admitted' : 'refused'} ${describeCall(c)}${got.allowed ? '' : ` (${retryText(got.retry)})`}; ${p.referenceName} ${want.allowed ? 'admitted' : 'refused'} it${want.allowed ? '' : ` (${retryText(want.retry)})`}.${why}`;
  return `Your script refused ${describeCall(c)} with ${retryText(got.retry)}; ${p.referenceName} gives ${retryText(want.retry)}.${why}`;
}

/** A sentence on what makes call k special: a cost above the limit, a boundary, a release. */
function explain(p: CaseProblem, rec: RunRecord, k: number): string {
  const c = rec.calls[k]!;
  const notes: string[] = [];
  if (p.maxCost !== undefined && c.cost > p.maxCost)
    notes.push(
      `Its cost, ${c.cost}, is above the most one request may cost (${p.maxCost}), so no wait can ever admit it.`,
    );
  for (const s of p.spans ?? []) {
    for (let j = k - 1; j >= 0; j--) {
      const e = rec.calls[j]!;
      const d = rec.decisions[j]!;
      if (e.op !== 'acquire' || !d.allowed) continue;
      const off = Math.round((c.now - e.now - s.seconds) * 1e6);
      if (Math.abs(off) > 1000 || (off !== 0 && Math.abs(off) !== 1 && Math.abs(off) !== 1000))
        continue;
      const rel =
        off === 0
          ? 'exactly'
          : `${Math.abs(off) === 1000 ? '1 ms' : '1 µs'} ${off < 0 ? 'before' : 'after'}`;
      notes.push(`It arrives ${rel} ${s.name} after the admission at ${fmtT(e.at)} s.`);
      break;
    }
    if (notes.length) break;
  }
  const released = rec.calls.slice(0, k).filter((e) => e.op === 'release' && e.key === c.key);
  if (released.length && p.lease) {
    const r = released[released.length - 1]!;
    notes.push(
      `Before it, the job ${r.id.split('@')[0]} of ${c.key} finished early and released its slot at ${fmtT(r.at)} s.`,
    );
  }
  if (c.now !== c.at)
    notes.push(
      p.clock === 'app'
        ? `Server ${c.server}'s clock reads ${fmtT(c.now)} s here.`
        : `The Redis clock reads ${fmtT(c.now)} s here (true time ${fmtT(c.at)} s): it has stepped.`,
    );
  return notes.length ? ` ${notes.join(' ')}` : '';
}

/** The message when a key of call k expires before its state stops mattering, or null. */
export function expiresEarly(p: CaseProblem, rec: RunRecord, k: number): string | null {
  const held = p.stateUntil!(rec, k);
  if (!held) return null;
  const c = rec.calls[k]!;
  const snap = snapshotMap(rec.model);
  // The model keeps expiries in whole milliseconds: a key is there up to the end of its last one.
  const nowMs = Math.floor(Math.round((rec.epoch + c.redisAt) * 1e6) / 1000);
  const untilUs = Math.round((rec.epoch + held.until) * 1e6);
  for (const key of rec.keysOf[k]!) {
    const ttl = snap.get(key)?.ttlMs;
    if (ttl === null || ttl === undefined) continue;
    const goneUs = (nowMs + Math.round(ttl) + 1) * 1000;
    if (goneUs >= untilUs) continue;
    const gone = goneUs / 1e6 - rec.epoch;
    return `After ${describeCall(c)}, ${key} expires at ${fmtT(gone)} s, but it holds ${held.what}, which still decides requests until ${fmtT(held.until)} s. A key that expires before its state stops mattering forgets admissions: a request in between is decided as if they never happened.`;
  }
  return null;
}

export function snapshotMap(model: RedisModel): Map<string, KeySnapshot> {
  return new Map(model.snapshot().map((k) => [k.key, k]));
}
