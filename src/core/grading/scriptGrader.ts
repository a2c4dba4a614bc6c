// A fix/write problem's grader from its description: named example cases, then generated
// traffic compared decision for decision with the engine's reference (fast-check, seeded,
// shrunk), then the same under a clock that steps back or jumps forward, then whatever the
// problem adds. Structure checks run on the Redis state of every case.
import type { LuaRuntime } from '../lua';
import { gradeCases, str, strList, type HiddenCase } from './harness';
import { luaEngine, type ScriptSpec } from './lua';
import { propertyCase } from './property';
import { Reference } from './reference';
import { runCase } from './scriptCase';
import type { CaseInput, CaseProblem, RunRecord } from './scriptCaseTypes';
import { caseView } from './scriptCaseView';
import { steppedTrafficArb, trafficArb, type GenRequest, type TrafficShape } from './traffic';
import type { FailingCase, GradeOptions, Grader, Submission } from './types';

/**
 * How the generated clock-step cases are judged (a lying clock has no single right answer).
 * Stepped cases never release jobs early, so every call of theirs is an arrival.
 */
export type StepCheck =
  /** Decision for decision with the reference fed the same clock readings. */
  | { kind: 'equal' }
  /** A window of `limit` per `window` s: held to it over any stretch of W - d true seconds, and
   * a refusal only when W + d seconds hold the limit (d: how far the clock lies). */
  | { kind: 'window'; limit: number; window: number }
  /** A bucket: no more than capacity + rate x (t + 2d) over any t seconds. */
  | { kind: 'bucket'; capacity: number; rate: number };

export interface ExampleCase {
  name: string;
  requests: GenRequest[];
}

export interface ScriptProblem extends CaseProblem {
  id: string;
  /** The calling convention (the starter's): used when a submission gives no keys/args. */
  spec: ScriptSpec;
  examples: ExampleCase[];
  traffic: TrafficShape;
  /** Generated runs per attempt (default 40). */
  runs?: number;
  stepped?: {
    maxOffset: number;
    check: StepCheck;
    /** Idle time after which every key is as good as new (the probe burst comes after it). */
    recovery: number;
    /** The probe: this many unit requests at one instant, for the first key. */
    probe: number;
    traffic?: TrafficShape;
  };
  /** More hidden cases, run last (they get the engine, the script and the seed). */
  extra?: (
    engine: () => Promise<LuaRuntime>,
    code: string,
    spec: ScriptSpec,
    seed: number,
  ) => HiddenCase[];
  passSummary: string;
}

const named = (f: FailingCase, name: string, seed?: number): FailingCase => ({
  ...f,
  name,
  ...(seed !== undefined ? { seed } : {}),
});

/** The script and its calling convention from a submission (`keys`/`args` may be edited). */
export function scriptOf(sub: Submission, dflt: ScriptSpec): { code: string; spec: ScriptSpec } {
  return {
    code: str(sub, 'code'),
    spec: { keys: strList(sub, 'keys') ?? dflt.keys, args: strList(sub, 'args') ?? dflt.args },
  };
}

/** Window safety and liveness under a clock that is off by up to `d` seconds. */
function windowCheck(
  rec: RunRecord,
  n: number,
  limit: number,
  window: number,
  d: number,
): string | null {
  const calls = rec.calls.slice(0, n);
  const ok = (i: number) => rec.decisions[i]!.allowed;
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i]!;
    if (ok(i) && window - d > 0) {
      let sum = 0;
      for (let j = 0; j <= i; j++)
        if (ok(j) && calls[j]!.key === c.key && calls[j]!.at > c.at - (window - d) + 1e-9)
          sum += calls[j]!.cost;
      if (sum > limit + 1e-9)
        return `While the clock was ${fmt(d)} s off, your script admitted ${fmt(sum)} units for ${c.key} within ${fmt(window - d)} s of true time, ending with the request at ${fmt(c.at)} s. A limit of ${limit} per ${window} s on a clock that lies by ${fmt(d)} s can promise no more than ${limit} per ${fmt(window - d)} s, and your script let more through.`;
    } else if (!ok(i) && c.cost <= limit) {
      let sum = 0;
      for (let j = 0; j < i; j++)
        if (ok(j) && calls[j]!.key === c.key && calls[j]!.at > c.at - (window + d) - 1e-9)
          sum += calls[j]!.cost;
      if (sum + c.cost <= limit + 1e-9)
        return `Your script refused the request at ${fmt(c.at)} s (cost ${c.cost}) for ${c.key} although only ${fmt(sum)} units were admitted in the ${fmt(window + d)} s before it: even with the clock ${fmt(d)} s off, it had room. A clock that steps must not make the limiter refuse traffic it has room for.`;
    }
  }
  return null;
}

function bucketCheck(
  rec: RunRecord,
  n: number,
  capacity: number,
  rate: number,
  d: number,
): string | null {
  const calls = rec.calls.slice(0, n);
  for (let i = 0; i < calls.length; i++) {
    let sum = 0;
    for (let j = i; j < calls.length; j++) {
      if (calls[j]!.key !== calls[i]!.key) continue;
      if (rec.decisions[j]!.allowed) sum += calls[j]!.cost;
      const most = capacity + rate * (calls[j]!.at - calls[i]!.at + 2 * d);
      if (sum > most + 1e-9)
        return `Between ${fmt(calls[i]!.at)} s and ${fmt(calls[j]!.at)} s of true time your script admitted ${fmt(sum)} units for ${calls[i]!.key}: more than a bucket of ${capacity} refilling ${rate} per second can give even with the clock ${fmt(d)} s off (${fmt(most)}). Stepping the clock back and forth minted tokens.`;
    }
  }
  return null;
}

const fmt = (x: number) => String(Number(x.toFixed(6)));

/** Builds the grader of a script problem. */
export function scriptGrader(p: ScriptProblem): Grader {
  return {
    id: p.id,
    expects: `{"code": "<Lua source>", "keys"?: [...], "args"?: [...]}: a script called with KEYS ${JSON.stringify(p.spec.keys)} and ARGV ${JSON.stringify(p.spec.args)}`,
    grade(sub: Submission, opts: GradeOptions = {}) {
      const seed = opts.seed ?? 0;
      const { code, spec } = scriptOf(sub, p.spec);
      let lua: LuaRuntime | null = null;
      const engine = async () => (lua ??= await luaEngine());
      const one = async (name: string, input: CaseInput) => {
        const r = runCase(await engine(), p, code, spec, input);
        return r.failure ? named(r.failure, name) : null;
      };
      const hidden: HiddenCase[] = [
        {
          name: 'the script is not empty',
          check: () =>
            code.trim()
              ? null
              : {
                  name: 'the script is not empty',
                  message: 'The answer has no script: write the Lua script first.',
                },
        },
        {
          name: 'the script compiles',
          check: async () => {
            const r = runCase(await engine(), p, code, spec, { requests: [] });
            return r.fatal && r.failure ? named(r.failure, 'the script compiles') : null;
          },
        },
        ...p.examples.map((e) => ({
          name: e.name,
          check: () => one(e.name, { requests: e.requests }),
        })),
        {
          name: 'generated traffic',
          check: async () => {
            const l = await engine();
            return propertyCase(
              'generated traffic',
              trafficArb(p.traffic),
              (requests) => {
                const r = runCase(l, p, code, spec, { requests });
                return r.failure ? { ...r.failure, ...(r.fatal ? { fatal: true } : {}) } : null;
              },
              seed,
              p.runs ?? 40,
            );
          },
        },
      ];
      const st = p.stepped;
      if (st)
        hidden.push({
          name: 'a clock that steps back and jumps forward',
          check: async () => {
            const l = await engine();
            const name = 'a clock that steps back and jumps forward';
            return propertyCase(
              name,
              steppedTrafficArb(st.traffic ?? p.traffic, st.maxOffset),
              ({ requests, step }) => {
                const lastAt = Math.max(requests[requests.length - 1]!.at, step.toUs / 1e6);
                const at = Math.round((lastAt + st.recovery + 1) * 1e6) / 1e6;
                const first = requests[0]!;
                const probe: GenRequest[] = Array.from({ length: st.probe }, () => ({
                  at,
                  key: first.key,
                  ...(first.tenant !== undefined ? { tenant: first.tenant } : {}),
                  server: first.server,
                  cost: 1,
                }));
                const input = { requests: [...requests, ...probe], step };
                const how = st.check;
                const r = runCase(l, p, code, spec, input, { compare: how.kind === 'equal' });
                if (r.failure) return { ...r.failure, ...(r.fatal ? { fatal: true } : {}) };
                if (how.kind === 'equal') return null;
                const d = Math.abs(step.offsetUs) / 1e6;
                const arrivals = r.record.calls.length;
                const n = arrivals - st.probe;
                const msg =
                  how.kind === 'window'
                    ? windowCheck(r.record, n, how.limit, how.window, d)
                    : bucketCheck(r.record, n, how.capacity, how.rate, d);
                if (msg) return { name, message: msg, ...caseView(p, code, spec, input, r.record) };
                // Recovery: after a long quiet spell on a true clock, as good as new.
                const fresh = new Reference(p.reference);
                for (let k = n; k < arrivals; k++) {
                  const c = r.record.calls[k]!;
                  const want = fresh.decide({
                    at: c.now,
                    key: c.key,
                    ...(c.tenant !== undefined ? { tenant: c.tenant } : {}),
                    cost: 1,
                    duration: p.lease ?? 0,
                  });
                  const got = r.record.decisions[k]!;
                  if (got.allowed !== want.allowed)
                    return {
                      name,
                      message: `After the clock was right again and ${first.key} had been quiet for ${st.recovery} s, your script ${got.allowed ? 'admitted' : 'refused'} request ${k - n + 1} of a burst of ${st.probe} at ${fmt(at)} s; ${p.referenceName} ${want.allowed ? 'admits' : 'refuses'} it. A limiter must recover from a clock step once the state it wrote has aged out.`,
                      ...caseView(p, code, spec, input, r.record),
                    };
                }
                return null;
              },
              seed,
              10,
              1,
            );
          },
        });
      if (p.extra) hidden.push(...p.extra(engine, code, spec, seed));
      return gradeCases(hidden, seed, opts, p.passSummary);
    },
  };
}
