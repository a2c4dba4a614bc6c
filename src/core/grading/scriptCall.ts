// One call of a script problem's script: its KEYS and ARGV with the placeholders filled, and
// its reply read as the lab reads a decision.
import type { Reply } from '../redis';
import { readDecision, type ScriptSpec } from './lua';

/** One call of the script: an arrival, or (lease problems) the release of a job. */
export interface ScriptCallInput {
  /** True time, lab seconds. */
  at: number;
  key: string;
  tenant?: string;
  server: string;
  cost: number;
  /** What `{now}` is filled with: the calling app server's clock. */
  now: number;
  /** The Redis clock, lab seconds. */
  redisAt: number;
  op: 'acquire' | 'release';
  id: string;
}

const PLACEHOLDER = /\{(key|server|cost|now|tenant|op|id)\}/g;

/** KEYS and ARGV of one call: `{key}`, `{server}`, `{cost}`, `{now}`, `{tenant}`, `{op}`, `{id}`. */
export function fillCall(spec: ScriptSpec, c: ScriptCallInput): { keys: string[]; args: string[] } {
  const f = (t: string) =>
    t.replace(PLACEHOLDER, (_, n: string) => {
      switch (n) {
        case 'key':
          return c.key;
        case 'server':
          return c.server;
        case 'cost':
          return String(c.cost);
        case 'now':
          return String(c.now);
        case 'tenant':
          return c.tenant ?? c.key;
        case 'op':
          return c.op;
        default:
          return c.id;
      }
    });
  return { keys: spec.keys.map(f), args: spec.args.map(f) };
}

/** Placeholders the lab's `algorithm: "lua"` does not fill (a replay sends them as they are). */
export function graderOnlyPlaceholders(spec: ScriptSpec): string[] {
  const found = new Set<string>();
  for (const t of [...spec.keys, ...spec.args])
    for (const m of t.matchAll(/\{(tenant|op|id)\}/g)) found.add(`{${m[1]}}`);
  return [...found];
}

/** A script's answer to one call, read as the lab reads it. */
export interface CallDecision {
  allowed: boolean;
  /** Retry-After the script gave when refusing (null: none; -1: never). */
  retry: number | null;
  error: string | null;
}

export function decisionOf(reply: Reply): CallDecision {
  const d = readDecision(reply);
  return { allowed: d.outcome === 'allowed', retry: d.retry, error: d.error };
}
