// The numbers the lessons state about their own lab blocks, proved on the engine. Each claim
// quotes the lesson (its caption or its prose: the quote must be in the file, and must contain
// the number) and says how to read that number from the engine's run of the block. A caption
// with a digit in it must have claims here, so a new or edited count cannot go unchecked.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installLuaLimiter } from '../lua/luaLimiter';
import { splitLab } from './directives';
import { runLaneAsync, type LaneResult } from './lanes';
import { loadContentFiles } from './loadFiles';
import { parseDoc } from './parseDoc';

type Lanes = LaneResult[];
/** [quote from the lesson, the number it states, how to read that number from the run] */
type Claim = [quote: string, stated: number, read: (lanes: Lanes) => number];

const lane = (ls: Lanes, n: 1 | 2): LaneResult => {
  const l = ls[n - 1];
  if (!l) throw new Error(`the block has no lane ${n}`);
  return l;
};
const allowed = (n: 1 | 2) => (ls: Lanes) => lane(ls, n).allowed;
const denied = (n: 1 | 2) => (ls: Lanes) => lane(ls, n).denied;
const unavailable = (n: 1 | 2) => (ls: Lanes) => lane(ls, n).unavailable;
const bypass = (n: 1 | 2) => (ls: Lanes) => lane(ls, n).bypass;
/** allowed + bypass: what reached the app. */
const admitted = (n: 1 | 2) => (ls: Lanes) => lane(ls, n).admitted;
const total = (n: 1 | 2) => (ls: Lanes) => lane(ls, n).requests.length;
/** Retry-After of request #k (1-based, as the widget numbers them). */
const retry = (n: 1 | 2, k: number) => (ls: Lanes) => {
  const r = lane(ls, n).requests[k - 1];
  if (!r) throw new Error(`lane ${n} has no request #${k}`);
  return r.retryAfterSeconds ?? NaN;
};
const where = (n: 1 | 2, keep: (r: LaneResult['requests'][number]) => boolean) => (ls: Lanes) =>
  lane(ls, n).requests.filter(keep).length;
const deniedOfKey = (n: 1 | 2, key: string) =>
  where(n, (r) => r.key === key && r.outcome === 'denied');
const ofServer = (n: 1 | 2, server: string) => where(n, (r) => r.server === server);
const fewestOnAServer = (n: 1 | 2) => (ls: Lanes) => {
  const by = new Map<string, number>();
  for (const r of lane(ls, n).requests) by.set(r.server, (by.get(r.server) ?? 0) + 1);
  return Math.min(...by.values());
};

/** Claims per lab block: `file#n` is the file's n-th lab block. */
const CLAIMS: Record<string, Claim[]> = {
  'lessons/atomicity.md#1': [
    ['admits 4 against a limit of 3', 4, allowed(1)],
    ['the atomic version admits 3', 3, allowed(2)],
    ['429, Retry-After 58', 58, retry(2, 4)],
  ],
  'lessons/design-checklist.md#1': [
    ['Fail-closed: 3 admitted', 3, allowed(1)],
    ['one 503', 1, unavailable(1)],
    ['one 429 (Retry-After 20)', 20, retry(1, 5)],
    ['Fail-open: 4 admitted', 4, admitted(2)],
    ['one of them a bypass', 1, bypass(2)],
  ],
  'lessons/fixed-window.md#1': [
    ['10 s, 20 s and 30 s are admitted', 3, allowed(1)],
    ['40 s is refused with Retry-After 20', 20, retry(1, 4)],
  ],
  'lessons/fixed-window.md#2': [
    ['Fixed window admits all 6', 6, allowed(1)],
    ['a sliding log admits 3', 3, allowed(2)],
    ['refused with Retry-After 60', 60, retry(2, 4)],
  ],
  'lessons/fixed-window.md#3': [
    ['Fixed window: 200 admitted', 200, allowed(1)],
    ['Sliding log: 100', 100, allowed(2)],
  ],
  'lessons/fixed-window.md#4': [
    ['counting admissions lets 2 in', 2, allowed(1)],
    ['counting attempts lets 1 in', 1, allowed(2)],
  ],
  'lessons/http-contract.md#1': [['third request gets 429 with Retry-After 2', 2, retry(1, 3)]],
  'lessons/leaky-bucket-gcra.md#1': [
    ['delays of 0, 1 and 2 s, 4th refused', 1, denied(1)],
    ['three run at once, 4th refused', 1, denied(2)],
  ],
  'lessons/leaky-bucket-gcra.md#2': [
    ['Identical decisions: 5 admitted', 5, allowed(1)],
    ['Identical decisions: 5 admitted', 5, allowed(2)],
    ['2 refused with retry 1', 2, denied(1)],
    ['2 refused with retry 1', 1, retry(2, 4)],
  ],
  'lessons/limiter-failure.md#1': [
    ['Fail-closed: 20 admitted', 20, allowed(1)],
    ['10 answered 503', 10, unavailable(1)],
    ['Fail-open: 30 admitted', 30, admitted(2)],
    ['10 of them bypasses', 10, bypass(2)],
  ],
  'lessons/limiter-failure.md#2': [
    ['24 admitted', 24, allowed(1)],
    ['6 refused', 6, denied(1)],
  ],
  'lessons/limiter-failure.md#3': [
    ['12 admitted', 12, allowed(1)],
    ['3 answered 503', 3, unavailable(1)],
  ],
  'lessons/multiple-policies.md#1': [
    ['Naive: 2 admitted', 2, allowed(1)],
    ['All-or-nothing: 3 admitted', 3, allowed(2)],
  ],
  'lessons/rate-concurrency-quota.md#1': [
    ['a limit of 8 admits all 20', 20, allowed(1)],
    ['a limit of 6 admits 16', 16, allowed(2)],
    ['and denies 4', 4, denied(2)],
  ],
  'lessons/rate-concurrency-quota.md#2': [['admits all 20', 20, allowed(1)]],
  'lessons/retries-and-herds.md#1': [
    ['60 admitted from 360 attempts', 60, allowed(1)],
    ['60 admitted from 360 attempts', 360, total(1)],
  ],
  'lessons/rolling-out.md#1': [
    ['refuses only the noisy tenant (91 of 160)', 91, deniedOfKey(1, 'tenant-0')],
    ['refuses only the noisy tenant (91 of 160)', 91, denied(1)],
    ['would refuse 126 of tenant-0', 126, deniedOfKey(2, 'tenant-0')],
    ["also refuses 6 of the steady batch tenant's 40", 6, deniedOfKey(2, 'tenant-3')],
  ],
  'lessons/sliding-log.md#1': [
    ['59 s is refused (retry 1)', 1, retry(1, 4)],
    ['61 s is refused (retry 9)', 9, retry(1, 6)],
  ],
  'lessons/sliding-log.md#2': [['refused with retry 50', 50, retry(1, 3)]],
  'lessons/sliding-window-counter.md#1': [
    ['Sliding-window counter admits 12', 12, allowed(1)],
    ['the exact sliding log admits 10', 10, allowed(2)],
    ['refused with Retry-After 3', 3, retry(1, 13)],
  ],
  'lessons/sliding-window-counter.md#2': [
    ['Sliding-window counter admits 10', 10, allowed(1)],
    ['the exact sliding log admits 15', 15, allowed(2)],
  ],
  'lessons/sliding-window-counter.md#3': [
    ['19 admitted within one 60-second stretch', 19, allowed(1)],
    ['10 by the sliding log', 10, allowed(2)],
    ['up to 114', 114, (ls) => lane(ls, 1).requests.findLast((r) => r.outcome === 'allowed')!.at],
  ],
  'lessons/time-and-clocks.md#1': [
    ['mints tokens: 20 admitted', 20, allowed(1)],
    ['Never moving it back: 5 admitted', 5, allowed(2)],
  ],
  'lessons/time-and-clocks.md#2': [
    ['25 refused', 25, denied(1)],
    ['all 40 admitted', 40, allowed(2)],
  ],
  'lessons/time-and-clocks.md#3': [
    ['In both lanes 3 are admitted', 3, allowed(1)],
    ['In both lanes 3 are admitted', 3, allowed(2)],
  ],
  'lessons/time-and-clocks.md#4': [
    ['all 5 got through, 2 over the limit of 3', 5, allowed(1)],
    ['3 admitted, 2 refused', 3, allowed(2)],
    ['3 admitted, 2 refused', 2, denied(2)],
  ],
  'lessons/token-bucket.md#1': [
    ['40 admitted', 40, allowed(1)],
    ['6 refused', 6, denied(1)],
  ],
  'lessons/token-bucket.md#2': [
    ['3 admitted at once, the 4th refused (retry 1)', 1, retry(1, 4)],
    ['3 admitted at once', 3, where(1, (r) => r.at === 0 && r.outcome === 'allowed')],
    ['one more fits at t = 1', 1, where(1, (r) => r.at === 1 && r.outcome === 'allowed')],
  ],
  'lessons/two-servers-one-budget.md#1': [
    ['a counter inside each server admits 5', 5, allowed(1)],
    ['one shared counter admits 3', 3, allowed(2)],
    ['and denies 2', 2, denied(2)],
  ],
  'lessons/two-servers-one-budget.md#2': [
    ['local counters admit 3', 3, allowed(1)],
    ['local counters admit 5', 5, allowed(2)],
  ],
  'lessons/what-a-limit-counts.md#1': [['3 of 6 requests are admitted', 3, allowed(1)]],
  'lessons/what-a-limit-counts.md#2': [['all 6 are admitted', 6, allowed(1)]],
  'lessons/what-a-limit-counts.md#3': [
    [
      'Five cost-4 requests empty the bucket',
      5,
      where(1, (r) => r.at === 0 && r.cost === 4 && r.outcome === 'allowed'),
    ],
    [
      'can never fit (retry -1)',
      -1,
      (ls) => lane(ls, 1).requests.find((r) => r.cost === 25)!.retryAfterSeconds!,
    ],
  ],
  'lessons/where-the-decision-lives.md#1': [
    ['Local counters admit 800 of 1,000', 800, allowed(1)],
    ['Local counters admit 800 of 1,000', 1000, total(1)],
    ['a shared counter admits 100', 100, allowed(2)],
  ],
  'lessons/where-the-decision-lives.md#2': [
    ['786 are admitted', 786, allowed(1)],
    ['receive 92, 95 and 99', 92, ofServer(1, 'A')],
    ['receive 92, 95 and 99', 95, ofServer(1, 'B')],
    ['receive 92, 95 and 99', 99, ofServer(1, 'H')],
    ['Round-robin gives each server at least 106', 106, fewestOnAServer(2)],
    ['Round-robin gives each server at least 106: 800', 800, allowed(2)],
  ],
  'lessons/where-the-decision-lives.md#3': [
    ['All 300 requests land on one server: 100 admitted', 100, allowed(1)],
    [
      'All 300 requests land on one server',
      300,
      (ls) => ofServer(1, lane(ls, 1).requests[0]!.server)(ls),
    ],
    ['Round-robin admits all 300', 300, allowed(2)],
  ],
};

const ROOT = resolve(__dirname, '../../..');
const files = loadContentFiles(ROOT);
const blocks: {
  id: string;
  file: string;
  caption: string;
  lanes: Promise<Lanes> | null;
  spec: ReturnType<typeof splitLab>;
}[] = [];
for (const [file, src] of Object.entries(files)) {
  if (
    !/^lessons\/[^/]+\.md$/.test(file) ||
    file.endsWith('interview.md') ||
    file.endsWith('SEED-MAP.md')
  )
    continue;
  let n = 0;
  for (const b of parseDoc(file, src).blocks) {
    if (b.kind !== 'directive' || b.name !== 'lab') continue;
    n++;
    const spec = splitLab(b.json as Record<string, unknown>);
    blocks.push({ id: `${file}#${n}`, file, caption: spec.caption ?? '', lanes: null, spec });
  }
}

const runs = new Map<string, Lanes>();
beforeAll(async () => {
  await installLuaLimiter();
  for (const b of blocks) {
    const lanes = [await runLaneAsync(b.spec.scenario)];
    if (b.spec.compare) lanes.push(await runLaneAsync(b.spec.compare));
    runs.set(b.id, lanes);
  }
}, 120_000);

const spelled = (v: number) => [String(v), v.toLocaleString('en-US')];
const words: Record<number, string[]> = {
  1: ['one', '4th', 'third'],
  3: ['three', 'third'],
  5: ['Five'],
};

describe("the lessons' stated numbers agree with the engine", () => {
  it('every lab caption with a number has its claims listed', () => {
    const unlisted = blocks.filter((b) => /\d/.test(b.caption) && !CLAIMS[b.id]).map((b) => b.id);
    expect(unlisted).toEqual([]);
    expect(Object.keys(CLAIMS).filter((id) => !blocks.some((b) => b.id === id))).toEqual([]);
  });

  for (const [id, claims] of Object.entries(CLAIMS))
    it(id, () => {
      const block = blocks.find((b) => b.id === id)!;
      const lanes = runs.get(id)!;
      const text = files[block.file]!.replace(/\s+/g, ' ');
      for (const [quote, stated, read] of claims) {
        expect(text, `${id} says "${quote}"`).toContain(quote);
        const forms = [...spelled(stated), ...(words[stated] ?? [])];
        expect(
          forms.some((f) => quote.includes(f)),
          `"${quote}" states ${stated}`,
        ).toBe(true);
        expect(read(lanes), `${id}: "${quote}"`).toBe(stated);
      }
    });
});

describe('the interview answers do their arithmetic on the stated setup', () => {
  it('splits the per-instance budget of 100 over eight instances, not 800', () => {
    const src = files['lessons/interview.md']!;
    const q = src.slice(src.indexOf('## Eight servers'), src.indexOf('Id: per-process-limiter'));
    const budget = Number(/counter of (\d+) requests per\s+minute/.exec(q)?.[1]);
    const instances = 8;
    const share = Math.floor(budget / instances);
    expect([budget, share, share * instances]).toEqual([100, 12, 96]);
    const answer = q.replace(/\s+/g, ' ');
    expect(answer).toContain(`${budget} / ${instances}`);
    expect(answer).toContain(`rounded down to ${share} (${share * instances} in all`);
    expect(answer).toContain(`gets only ${share},`);
    expect(answer).not.toMatch(/800 \/ 8|exceed 800/);
  });
});
