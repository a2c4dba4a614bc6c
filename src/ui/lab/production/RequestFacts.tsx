// What the production features did to one request (the request panel): the clock its limiter
// read, the shard it charged, the lease that paid for it, a shadow policy's verdict, and whether
// the promoted replica forgot its write. From the run's request record (LabRun.decision).
import type { LabRun } from '../../../core/lab/labRun';
import { clockReadOfRun } from '../../../core/production/viewsOfRun';
import { num, sec, signed } from './derived';

export function requestFacts(run: LabRun, i: number): string[] {
  const p = run.production;
  const r = run.decision(i);
  const out: string[] = [];
  const c = clockReadOfRun(run, i);
  if (c) {
    const who =
      c.clock < 0 ? "the store's clock (Redis TIME)" : `server ${run.servers[c.clock]}'s clock`;
    const off = c.reading - c.trueTime;
    let t = `The limiter read ${sec(c.reading)} on ${who} at true time ${sec(c.trueTime)}${Math.abs(off) > 1e-9 ? ` (${signed(off)})` : ''}`;
    if (c.used - c.reading > 1e-9)
      t += `; the key's stored time was later, so it used ${sec(c.used)}: no time passed for it`;
    out.push(`${t}.`);
  }
  if (r.shard !== null && !Number.isNaN(run.storeArrive[i]!)) {
    const sh = run.scenario.shards;
    out.push(`Charged shard ${r.shard} of ${sh?.count ?? '?'}.`);
  }
  if (p.leases) {
    const id = r.lease ?? -1;
    const b = p.leases;
    if (r.leased)
      out.push(
        `Paid from lease ${id + 1}, taken by request ${b.request[id]! + 1} and held by server ${run.servers[b.server[id]!]}: no store round trip.`,
      );
    else if (id >= 0)
      out.push(
        `Took lease ${id + 1} (${num(b.size[id]!)} tokens, spendable until ${sec(b.expiresAt[id]!)}) in its store call.`,
      );
  }
  if (r.wouldDeny) out.push('Shadow mode: admitted, but the policy would have denied it.');
  if (p.failover && r.lostAtPromotion)
    out.push(
      `Its write was lost at the failover: made after ${sec(p.failover.replicatedBefore)}, it never reached the replica that was promoted.`,
    );
  return out;
}

export function RequestFacts({ run, index }: { run: LabRun; index: number }) {
  const facts = requestFacts(run, index);
  if (!facts.length) return null;
  return (
    <ul className="req-prod small" data-testid="request-production">
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}
