// One line per production feature under the lab's caption: what the feature did in this run,
// in plain words, with the engine's numbers (docs/production.md's report).
import type { LabRun } from '../../../core/lab/labRun';
import { signalsOfRun } from '../../../core/production/ofRun';
import { useLab } from '../useLab';
import { featuresOfRun, num, pct, sec } from './derived';
import { reportOf, signalsOf } from './reports';

export function productionSentences(
  run: LabRun,
  /** `now`: the signals as of that clock time (absent: the whole run). */
  opts: { signals?: boolean; now?: number } = {},
): { id: string; text: string }[] {
  const f = featuresOfRun(run);
  const rep = reportOf(run);
  const out: { id: string; text: string }[] = [];
  const over = rep.overage?.[0];
  const overText = over
    ? over.overage > 0
      ? `, so the policy admitted ${num(over.overage)} more than it allows for ${over.key} (${pct(over.ratio)} of its limit)`
      : ', and the policy still admitted no more than it allows'
    : '';
  if (rep.failover) {
    const fo = rep.failover;
    out.push({
      id: 'failover',
      text: Number.isNaN(fo.promotedAt)
        ? `The primary was lost at ${sec(fo.at)} and the run ended before the replica was promoted.`
        : `The primary was lost at ${sec(fo.at)}; the replica, ${sec(fo.lagSeconds)} behind, took over at ${sec(fo.promotedAt)} without the last ${fo.writesLost} write${fo.writesLost === 1 ? '' : 's'}${overText}.`,
    });
  } else if (f.includes('replica') && run.production.replicaLagSeconds !== null)
    out.push({
      id: 'replica',
      text: `The replica runs ${sec(run.production.replicaLagSeconds)} behind the primary; nothing fails over in this run.`,
    });
  if (rep.leases) {
    const l = rep.leases;
    out.push({
      id: 'leases',
      text: `Leases of ${num(l.size)} for ${sec(l.ttlSeconds)}: ${l.storeCalls} store call${l.storeCalls === 1 ? '' : 's'} for ${l.requests} requests (${num(l.callReduction, 1)}× fewer), ${num(l.tokensStranded)} token${l.tokensStranded === 1 ? '' : 's'} stranded on servers whose leases expired unspent${overText}.`,
    });
  }
  if (rep.shards) {
    const s = rep.shards;
    const busiest = [...s.nodes].sort((a, b) => b.share - a.share)[0];
    out.push({
      id: 'shards',
      text: `${s.count} shard keys, budget ${s.budget === 'split' ? 'split between them' : 'copied to each'}${overText}${busiest ? `; the busiest of ${s.cluster.nodes} cluster nodes carries ${pct(busiest.share)} of the shard calls` : ''}.`,
    });
  }
  if (rep.clocks) {
    const c = rep.clocks;
    const skewed = c.servers.filter((x) => x.offsetSeconds !== 0 || x.driftPpm !== 0);
    const parts = [
      c.timeSource === 'app'
        ? "The limiter takes now from each server's own clock"
        : 'The limiter takes now from the store (Redis TIME): one clock for every server',
    ];
    if (skewed.length)
      parts.push(
        `${skewed.map((x) => `server ${x.server} is ${sec(Math.abs(x.offsetSeconds))} ${x.offsetSeconds < 0 ? 'behind' : 'ahead'}${x.driftPpm ? `, drifting ${num(x.driftPpm)} ppm` : ''}`).join('; ')}${c.timeSource === 'store' ? ' (which the limiter never reads)' : ''}`,
      );
    if (c.steps.length)
      parts.push(
        `the store's clock steps ${c.steps.map((x) => `${x.bySeconds > 0 ? 'forward' : 'back'} ${sec(Math.abs(x.bySeconds))} at ${sec(x.at)}`).join(', ')}${c.timeSource === 'app' ? ', which no limiter reads' : ''}`,
      );
    out.push({ id: 'clocks', text: `${parts.join('; ')}.` });
  }
  if (rep.shadow) {
    const sh = rep.shadow;
    const top = sh.topTenants[0];
    out.push({
      id: 'shadow',
      text: `Shadow mode: the policy denied nothing, but ${sh.wouldDeny} of ${sh.requests} requests would have been denied${top ? `, most of them for ${top.tenant} (${top.wouldDeny})` : ''}.`,
    });
  }
  // The signals, where the limiter itself failed (a lesson widget has no signals panel).
  if (opts.signals) {
    const o = (opts.now === undefined ? signalsOf(run) : signalsOfRun(run, undefined, opts.now))
      .overall;
    if (o.errors > 0)
      out.push({
        id: 'signals',
        text: `Signals: ${o.errors} decision error${o.errors === 1 ? '' : 's'} (the limiter failed, not a denial), ${o.failOpen} fail-open and ${o.fallback} fallback decision${o.fallback === 1 ? '' : 's'}; 429 on ${pct(o.rate429)} of requests, 503 on ${pct(o.rate503)}.`,
      });
  }
  return out;
}

export function ProductionCaption({ run, signals }: { run: LabRun; signals?: boolean }) {
  // The signals line follows the clock, as every count on the screen does.
  const now = useLab((s) => s.panelNow);
  const lines = productionSentences(run, { signals, now: signals ? now : undefined });
  if (!lines.length) return null;
  return (
    <>
      {lines.map((l) => (
        <span key={l.id} className="lab-caption-line prod-line" data-testid={`caption-${l.id}`}>
          {l.text}
        </span>
      ))}
    </>
  );
}
