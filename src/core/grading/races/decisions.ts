// Decision cases: each hidden request runs the app-server code to the end, one request at a
// time, and its decision is compared with the built-in's, Retry-After included; a key that
// expires before its window ends, or never expires, fails the case too.
import { runLane } from '../../content/lanes';
import type { LuaRuntime } from '../../lua';
import { RedisModel } from '../../redis/model';
import { describeOutcome, describeRequest } from '../harness';
import { callArgs, luaEngine, readDecision, type ScriptDecision, type ScriptSpec } from '../lua';
import type { CaseRow, FailingCase } from '../types';
import { call, runToEnd } from './appServerRun';
import type { DecisionCase, RaceProblem } from './types';

/** Decision cases: each request runs the app-server code to the end, in arrival order. */
export async function checkDecisions(
  p: RaceProblem,
  code: string,
  spec: ScriptSpec,
  c: DecisionCase,
): Promise<FailingCase | null> {
  return decideAll(await luaEngine(), p, code, spec, c);
}

export function decideAll(
  lua: LuaRuntime,
  p: RaceProblem,
  code: string,
  spec: ScriptSpec,
  c: DecisionCase,
): FailingCase | null {
  const lane = runLane({ ...p.reference, requests: c.requests });
  const model = new RedisModel({ scriptEngine: lua, startTime: p.epoch });
  c.setup?.(model, lua, spec);
  const decisions: ScriptDecision[] = [];
  let early: { index: number; message: string } | null = null;
  for (const q of lane.requests) {
    model.setTime(p.epoch + q.at);
    const { keys, args } = callArgs(spec, call(q.at, q.server, q.cost, q.key));
    const d = readDecision(runToEnd(lua, model, model.createSession(), code, keys, args));
    decisions.push(d);
    if (d.error) break;
    if (p.stateUntil && (d.outcome === 'allowed' || p.countsAttempts)) {
      const why = expiresEarly(model, p.epoch, q.at, p.stateUntil(q.at), keys);
      if (why) {
        early = { index: decisions.length - 1, message: why };
        break;
      }
    }
  }
  const rows: CaseRow[] = lane.requests.map((q, i) => {
    const got = decisions[i];
    const row: CaseRow = {
      at: q.at,
      server: q.server,
      key: q.key,
      cost: q.cost,
      expected: q.outcome,
      actual: got ? got.outcome : 'not run',
      expectedRetry: q.outcome === 'allowed' ? null : q.retryAfterSeconds,
      actualRetry: got && got.outcome !== 'allowed' ? got.retry : null,
    };
    if (got?.error) row.note = got.error;
    return row;
  });
  const retryText = (r: number | null | undefined) =>
    r === -1 ? 'Retry-After -1 (never fits)' : r == null ? 'no Retry-After' : `Retry-After ${r}`;
  const k = rows.findIndex(
    (r) =>
      r.note !== undefined ||
      r.actual === 'not run' ||
      r.expected !== r.actual ||
      (r.expected === 'denied' && r.expectedRetry !== r.actualRetry),
  );
  const pre = c.setupNote ? `${c.setupNote} ` : '';
  if (early && (k < 0 || k > early.index)) {
    const at = rows[early.index]!;
    return {
      name: c.name,
      message: `${pre}After ${describeRequest(at)}, ${early.message} (Each request ran alone here, one after another.)`,
      rows: rows.slice(Math.max(0, early.index - 6), early.index + 1),
      firstMismatch: Math.min(early.index, 6),
    };
  }
  if (k < 0) {
    const immortal = model
      .snapshot()
      .filter((x) => x.ttlMs === null)
      .map((x) => x.key);
    if (!immortal.length) return null;
    return {
      name: c.name,
      message: `${pre}Every decision matched, but afterwards the key "${immortal[0]}" has no expiry: it stays in Redis for ever once its client goes quiet, and a counter without one never resets. Set the expiry in the same atomic step that writes the key.`,
      rows: rows.slice(-4),
    };
  }
  const row = rows[k]!;
  let message: string;
  if (row.note) {
    message = `Your code failed on ${describeRequest(row)}: ${row.note.trim()}`;
    if (!/[.!?)]$/.test(message)) message += '.';
  } else if (row.expected !== row.actual)
    message = `Your code ${describeOutcome(row.actual)} ${describeRequest(row)}${row.actual === 'denied' ? ` (${retryText(row.actualRetry)})` : ''}; ${p.referenceName} ${describeOutcome(row.expected)} it${row.expected === 'denied' ? ` (${retryText(row.expectedRetry)})` : ''}.`;
  else
    message = `Your code refused ${describeRequest(row)} with ${retryText(row.actualRetry)}; ${p.referenceName} gives ${retryText(row.expectedRetry)}.`;
  return {
    name: c.name,
    message: `${pre}${message} (Each request ran alone here, one after another.)`,
    rows: rows.slice(Math.max(0, k - 6), k + 4),
    firstMismatch: Math.min(k, 6),
  };
}

/** Why a key of this request expires before its state stops mattering, or null. */
function expiresEarly(
  model: RedisModel,
  epoch: number,
  at: number,
  until: number,
  keys: readonly string[],
): string | null {
  // The model keeps expiries in whole milliseconds: a key is there to the end of its last one.
  const nowMs = Math.floor(Math.round((epoch + at) * 1e6) / 1000);
  const untilUs = Math.round((epoch + until) * 1e6);
  const snap = new Map(model.snapshot().map((k) => [k.key, k]));
  for (const key of keys) {
    const ttl = snap.get(key)?.ttlMs;
    if (ttl === null || ttl === undefined) continue;
    const goneUs = (nowMs + Math.round(ttl) + 1) * 1000;
    if (goneUs >= untilUs) continue;
    const gone = Number((goneUs / 1e6 - epoch).toFixed(6));
    return `${key} expires at ${gone} s, but it holds the count of the window that runs until ${Number(until.toFixed(6))} s. A key that expires before its window ends forgets the window's count: later requests in that window are decided as if it were empty.`;
  }
  return null;
}
