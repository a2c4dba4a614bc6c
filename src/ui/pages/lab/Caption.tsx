// The lab's caption under its title: what each lane admitted and answered, which admissions
// went over the limit, and the lines for outages, wasted budget, double spending and the
// production features (those load lazily, once the caption shows).
import { lazy, Suspense } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { admittedCode } from '../../../core/lab/columns';
import type { Counts, LabRun } from '../../../core/lab/labRun';
import { describeSpec } from '../../../core/limiters/registry';
import { laneTitles } from '../../../store/labStore';
import { loadCaption, loadedCaption } from '../../lab/production/captionLoader';
import { wastedText, wastedTotal } from '../../lab/scene/Wasted';
import { useLab } from '../../lab/useLab';

// The caption's production lines (and the report and signals code they read) load once the
// caption shows, which the first view's question holds back.
const ProductionLines = lazy(() => loadCaption().then((m) => ({ default: m.ProductionCaption })));
function ProductionCaption({ run }: { run: LabRun }) {
  const m = loadedCaption();
  if (m) return <m.ProductionCaption run={run} />;
  return (
    <Suspense fallback={null}>
      <ProductionLines run={run} />
    </Suspense>
  );
}

/** "the 4th and 5th", "the 4th, 5th and 9th", "7 admissions". */
function ordinals(list: number[]): string {
  const ord = (k: number) => {
    const t = k % 100;
    const suf = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
    return `${k}${suf}`;
  };
  if (list.length > 4) return `${list.length} admissions`;
  const words = list.map(ord);
  const last = words.pop()!;
  return `the ${words.length ? `${words.join(', ')} and ${last}` : last} admission${list.length > 1 ? 's' : ''}`;
}

/** Which admissions (1st, 2nd, ... in the lane's decision order) went over the limit. */
function overSentence(run: LabRun, title: string): string | null {
  const over = run.overLimit;
  if (!over || over.requests.length === 0) return null;
  const ranks: number[] = [];
  let k = 0;
  for (let j = 0; j < run.n; j++) {
    const i = run.byDecision[j]!;
    if (admittedCode(run.outcome[i]!)) {
      k++;
      if (over.flags[i]) ranks.push(k);
    }
  }
  const what = ordinals(ranks);
  const verb = ranks.length === 1 ? 'is' : 'are';
  return `${what[0]!.toUpperCase()}${what.slice(1)} of “${title}” ${verb} over the limit of ${over.quota}: one shared counter would have answered 429.`;
}

export function Caption() {
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const override = useLab((s) => s.compareOverride);
  const titles = useLab(useShallow((s) => laneTitles(s)));
  const pol = run.scenario.policies;
  const limit =
    pol.length !== 1
      ? `the same ${pol.length} policies`
      : pol[0]!.algorithm === 'lua'
        ? 'the same Lua script'
        : `the same limit, ${describeSpec(pol[0]!)}`;
  const say = (label: string, c: Counts) => {
    // admitted = allowed + bypass: what reached the app, however it got there.
    const parts = [
      `${label} admitted ${c.admitted}${c.bypass ? ` (${c.bypass} of them bypassing the limiter)` : ''}`,
    ];
    if (c.denied) parts.push(`answered ${c.denied} with 429`);
    if (c.unavailable) parts.push(`${c.unavailable} with 503`);
    return parts.join(' and ');
  };
  const lc = (r: LabRun) => r.countsAt(Infinity);
  if (!compare) {
    const over = overSentence(run, titles.main);
    return (
      <p className="lab-caption" data-testid="caption">
        {run.n} requests, {limit}: {say(titles.main.toLowerCase(), lc(run))}.
        {over && <strong data-testid="over-caption">{over}</strong>}
        <Outage runs={[run]} />
        <Wasted runs={[run]} />
        <DoubleSpent runs={[run]} />
        <ProductionCaption run={run} />
      </p>
    );
  }
  // The lab's own comparison puts the counter in each server on the left.
  const swap = !override && run.shared;
  const [l, r] = swap ? [compare, run] : [run, compare];
  const [lt, rt] = swap ? [titles.compare!, titles.main] : [titles.main, titles.compare!];
  const overs = [overSentence(l, lt), overSentence(r, rt)].filter((x): x is string => !!x);
  const a = lc(l);
  const b = lc(r);
  // The local-against-shared sentences are about a counter in each server only.
  const localStory = !override && l.scenario.placement === 'local';
  const more = localStory ? a.admitted - b.admitted : 0;
  const same = l.n === r.n ? `Same ${l.n} requests` : `${l.n} and ${r.n} requests`;
  // "Each server only counts what it sees" explains admissions over the limit, never 503s.
  const placementStory = localStory && overs.length > 0;
  return (
    <p className="lab-caption" data-testid="caption">
      {same}, {override ? 'two settings' : limit}: {say(lt.toLowerCase(), a)};{' '}
      {say(rt.toLowerCase(), b)}.{' '}
      {placementStory && (
        <strong data-testid="over-caption">
          Each server only counts what it sees. {overs.join(' ')}
        </strong>
      )}
      {!placementStory &&
        overs.map((o) => (
          <strong key={o} data-testid="over-caption">
            {o}
          </strong>
        ))}
      {!override && !placementStory && more < 0 && (
        <strong>This time the shared counter let {-more} more through.</strong>
      )}
      <Outage runs={[l, r]} />
      <Wasted runs={[l, r]} />
      <DoubleSpent runs={[l, r]} />
      <ProductionCaption run={run} />
    </p>
  );
}

/** 503s come from the store being unreachable (failing closed), not from what servers see. */
function Outage({ runs }: { runs: LabRun[] }) {
  const r = runs.find((x) => x.countsAt(Infinity).unavailable > 0);
  if (!r) return null;
  const c = r.countsAt(Infinity);
  const why = r.totals.timedOut > 0 ? 'did not answer in time' : 'was unreachable';
  return (
    <span className="lab-caption-line" data-testid="outage-caption">
      {' '}
      {c.unavailable} {c.unavailable === 1 ? 'request was' : 'requests were'} answered 503: the
      store {why} and the service fails closed, so nobody counted{' '}
      {c.unavailable === 1 ? 'it' : 'them'}.
    </span>
  );
}

/** Naive multi-policy charging: budget charged for requests another policy then denied. */
function Wasted({ runs }: { runs: LabRun[] }) {
  const r = runs.find((x) => x.scenario.multiPolicy === 'naive' && wastedTotal(x) > 0);
  if (!r) return null;
  return (
    <span className="lab-caption-line" data-testid="wasted-budget">
      {' '}
      {wastedText(r)}
    </span>
  );
}

/** Read-then-write lanes: the engine's count of admissions made on a stale read. */
function DoubleSpent({ runs }: { runs: LabRun[] }) {
  const r = runs.find((x) => x.totals.doubleSpent > 0);
  if (!r) return null;
  const n = r.totals.doubleSpent;
  return (
    <span className="lab-caption-line" data-testid="double-spent">
      {' '}
      {n === 1 ? '1 admission was' : `${n} admissions were`} double-spent: two servers read the same
      count before either wrote, so both admitted and one write overwrote the other.
    </span>
  );
}
