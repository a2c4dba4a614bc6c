// The browser's door to the lab server's real Redis (src/server/real/routes.ts). Nothing is
// requested until the learner asks (a button, or window.rateLab.redis(..., {target: "real"})).
// With no server (the static app), no route (404) or no Redis configured (503), the answer
// says how to point the lab at one; it never throws.
import type { Difference, KeyView } from '../core/redis/compare';
import type { JsonReply } from '../core/redis/reply';

export const HOW_TO_CONNECT =
  'No real Redis answers here. Run the lab server with one: REDIS_URL=redis://127.0.0.1:6379 npm start (or REDIS_CLUSTER_URL for a cluster).';

export interface RealStep {
  command: string[];
  model: { reply: JsonReply; keys: KeyView[] };
  real: { reply: JsonReply; keys: KeyView[] };
  differences: Difference[];
}

export type RealCaseResult =
  { name: string; steps: RealStep[]; realReplies: string[] } | { name: string; error: string };

export type RealAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

/** Where the lab server's API lives (the page's own origin). */
export const REAL_API = '/api/real';

/** POST to the lab server's real-Redis API; every failure becomes a message (never a throw). */
export async function post<T>(
  path: string,
  body: unknown,
  pick: (json: Record<string, unknown>) => T | undefined,
  fetchImpl: typeof fetch,
): Promise<RealAnswer<T>> {
  let res: Response;
  try {
    res = await fetchImpl(`${REAL_API}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: HOW_TO_CONNECT };
  }
  const json: unknown = await res.json().catch(() => null);
  const obj = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  if (res.status === 404 || res.status === 503 || obj === null)
    return { ok: false, message: HOW_TO_CONNECT };
  if (!res.ok)
    return {
      ok: false,
      message: typeof obj.error === 'string' ? obj.error : `the lab server answered ${res.status}`,
    };
  const v = pick(obj);
  return v === undefined
    ? { ok: false, message: 'the lab server answered something the lab cannot read' }
    : { ok: true, value: v };
}

/** `redis` cases on the model and the real server, side by side. */
export function realRedisCases(
  cases: unknown[],
  fetchImpl: typeof fetch = fetch,
): Promise<RealAnswer<RealCaseResult[]>> {
  return post(
    'redis',
    { cases },
    (j) => (Array.isArray(j.results) ? (j.results as RealCaseResult[]) : undefined),
    fetchImpl,
  );
}

/** A race's requests as real concurrent connections, N trials. */
export function realRace(
  input: unknown,
  opts: { trials: number; delayMs?: number; lockstep?: boolean },
  fetchImpl: typeof fetch = fetch,
): Promise<RealAnswer<Record<string, unknown>>> {
  return post(
    'explore',
    { input, ...opts },
    (j) =>
      typeof j.result === 'object' && j.result !== null
        ? (j.result as Record<string, unknown>)
        : undefined,
    fetchImpl,
  );
}
