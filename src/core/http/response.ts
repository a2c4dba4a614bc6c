// The HTTP response an API would send for a decided request: the status of its outcome, the
// headers (Retry-After, problem+json, the IETF-draft RateLimit fields) and the problem body.
// Engine logic, so the lab's request panel and the HTTP practice problem's grader build the
// same response from the same decision.
import { OUTCOME_HTTP } from '../lab/columns';
import type { RequestInfo } from '../lab/labRun';
import { policyLimit, policyWindow } from '../lab/policy';
import type { PolicySpec, Scenario } from '../scenario/types';

export interface HttpResponse {
  status: number;
  statusText: string;
  /** Standard headers, in the order they are sent. */
  headers: [string, string][];
  /** The IETF httpapi-ratelimit-headers draft's fields (RateLimit-Policy, RateLimit). */
  draftHeaders: [string, string][];
  /** The problem+json body of a refusal or failure, pretty-printed; null for a 200. */
  body: string | null;
}

export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** The value of header `name` (case-insensitive) in a response, or null. */
export function headerValue(h: HttpResponse, name: string): string | null {
  const n = name.toLowerCase();
  for (const [k, v] of [...h.headers, ...h.draftHeaders]) if (k.toLowerCase() === n) return v;
  return null;
}

/** `"id";q=Q;w=W` for one policy, or null when it has no quota (a Lua script). */
function policyItem(p: PolicySpec): string | null {
  const q = policyLimit(p);
  if (!Number.isFinite(q)) return null;
  const w = policyWindow(p);
  const wPart = p.algorithm === 'concurrency' || !Number.isFinite(w) ? '' : `;w=${+w.toFixed(3)}`;
  return `"${p.id}";q=${q}${wPart}`;
}

/** The response for request `r` of a run of `run.scenario`. */
export function httpResponse(run: { scenario: Scenario }, r: RequestInfo): HttpResponse {
  const status = OUTCOME_HTTP[r.outcome];
  const statusText = STATUS_TEXT[status]!;
  const headers: [string, string][] = [];
  const draftHeaders: [string, string][] = [];
  let body: string | null = null;
  const all = run.scenario.policies;
  // Which policies denied: the engine records each policy's own verdict (RequestInfo.deniedBy).
  const denying = r.deniedBy
    .map((id) => all.find((p) => p.id === id))
    .filter((p) => p !== undefined);
  const named = denying.length === 1 ? denying[0]! : all.length === 1 ? all[0]! : undefined;
  const pol = named ? r.policies.find((p) => p.id === named.id) : undefined;
  // The RateLimit fields describe one policy only when there is one.
  const known = all.length === 1 ? all[0]! : undefined;
  if (r.outcome === 'denied') {
    headers.push(['Content-Type', 'application/problem+json']);
    // A refusal is about this caller, now: no shared cache may store and replay it.
    headers.push(['Cache-Control', 'no-store']);
    if (r.retryAfterSeconds !== null && r.retryAfterSeconds >= 0)
      headers.push(['Retry-After', String(r.retryAfterSeconds)]);
    const quoted = (ps: readonly { id: string }[]) => ps.map((p) => `"${p.id}"`).join(', ');
    const ids = quoted(all);
    const some = quoted(denying.length ? denying : all);
    body = JSON.stringify(
      {
        type: 'https://ratelimitlab.example/problems/rate-limited',
        title: 'Too Many Requests',
        status: 429,
        detail: named
          ? r.retryAfterSeconds === -1
            ? `This request costs ${r.cost}, more than policy "${named.id}" can ever admit.`
            : `Policy "${named.id}" (${named.algorithm}) is exhausted for "${pol?.limiterKey ?? r.key}". Retry after ${r.retryAfterSeconds} s.`
          : denying.length > 1
            ? r.retryAfterSeconds === -1
              ? `This request costs ${r.cost}, more than the policies ${some} can ever admit.`
              : `The policies ${some} are all exhausted for "${r.key}". Retry after ${r.retryAfterSeconds} s.`
            : r.retryAfterSeconds === -1
              ? `This request costs ${r.cost}, more than one of the policies ${ids} can ever admit.`
              : `At least one of the policies ${ids} is exhausted for "${r.key}". Retry after ${r.retryAfterSeconds} s.`,
        ...(named ? { policy: named.id } : {}),
        ...(denying.length > 1 ? { deniedBy: denying.map((p) => p.id) } : {}),
        ...(all.length > 1 || !named ? { policies: all.map((p) => p.id) } : {}),
        retryAfterSeconds: r.retryAfterSeconds,
      },
      null,
      2,
    );
  } else if (r.outcome === 'unavailable') {
    headers.push(['Content-Type', 'application/problem+json']);
    headers.push(['Cache-Control', 'no-store']);
    body = JSON.stringify(
      {
        type: 'https://ratelimitlab.example/problems/limiter-unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: r.error
          ? `The limiter failed: ${r.error}`
          : `The rate limiter's store could not be reached${r.timedOut ? ' in time' : ''}; the service fails closed.`,
      },
      null,
      2,
    );
  } else {
    headers.push(['Content-Type', 'application/json']);
    if (r.outcome === 'bypass')
      headers.push(['X-RateLimit-Bypass', 'store unavailable; failing open']);
  }
  if (r.outcome === 'unavailable' || r.outcome === 'bypass') return finish();
  if (!known) {
    // Several policies: advertise them all; the engine's `remaining` is the smallest across
    // them without saying whose it is, so no RateLimit field is given.
    const items = all.map(policyItem).filter((x): x is string => x !== null);
    if (items.length) draftHeaders.push(['RateLimit-Policy', items.join(', ')]);
    return finish();
  }
  const item = policyItem(known);
  if (item !== null) {
    draftHeaders.push(['RateLimit-Policy', item]);
    const rem = r.remaining ?? (r.allowed ? null : 0);
    const parts = [`"${known.id}"`];
    if (rem !== null) parts.push(`r=${Math.max(0, Math.floor(rem))}`);
    if (r.retryAfterSeconds !== null && r.retryAfterSeconds > 0)
      parts.push(`t=${r.retryAfterSeconds}`);
    draftHeaders.push(['RateLimit', parts.join(';')]);
  }
  return finish();

  function finish(): HttpResponse {
    return { status, statusText, headers, draftHeaders, body };
  }
}
