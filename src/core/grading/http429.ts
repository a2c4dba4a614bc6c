// What makes an HTTP answer to a refused request honest, in one place: the status, a
// Retry-After consistent with the limiter's decision, a Cache-Control that forbids storing the
// refusal, and a problem-details body (RFC 9457). The 429 problem grades answers with it; the
// core HTTP-response builder (src/core/http/response.ts) can be checked against it too.
import { isObj } from '../util/isObj';

/** The parts of a response a learner (or a builder) gives for a refused request. */
export interface RefusalResponse {
  status: number;
  retryAfter: number;
  contentType: string;
  cacheControl: string;
  /** The body, parsed; undefined when none is given. */
  body?: unknown;
}

/** The decision the response stands for. */
export interface RefusalDecision {
  /** Whole seconds the lab computes for the refusal (-1: never). */
  retryAfterSeconds: number | null;
}

export interface ResponseProblem {
  field: 'status' | 'retryAfter' | 'contentType' | 'cacheControl' | 'body';
  message: string;
}

/** Media type without parameters, lower case. */
export const mediaType = (v: string): string => v.split(';')[0]!.trim().toLowerCase();

/** Cache-Control directives, lower case, without their values. */
export const cacheDirectives = (v: string): string[] =>
  v
    .toLowerCase()
    .split(',')
    .map((d) => d.trim().split('=')[0]!.trim())
    .filter(Boolean);

/** Everything wrong with a response to a rate-limit refusal (empty: it is honest). */
export function checkRefusalResponse(r: RefusalResponse, d: RefusalDecision): ResponseProblem[] {
  const out: ResponseProblem[] = [];
  if (r.status !== 429)
    out.push({
      field: 'status',
      message: `${Number.isNaN(r.status) ? '(no status)' : r.status} is not it. The limiter refused this request because the caller used up its own budget, and the status must say that: the client asked too often and may try again later. Which status in the 4xx range means exactly that?`,
    });
  const want = d.retryAfterSeconds;
  if (want !== null && want >= 0 && r.retryAfter !== want)
    out.push({
      field: 'retryAfter',
      message: `Retry-After ${Number.isNaN(r.retryAfter) ? '(none)' : r.retryAfter} does not match the limiter's decision. The request is short of tokens: how long does the refill take to supply what is missing? Round up to whole seconds, never below 1.`,
    });
  if (mediaType(r.contentType) !== 'application/problem+json')
    out.push({
      field: 'contentType',
      message: `"${r.contentType || '(none)'}" is not the standard machine-readable error format for HTTP APIs: that is "problem details" (RFC 9457), sent as a JSON media type of its own.`,
    });
  const dirs = cacheDirectives(r.cacheControl);
  if (!dirs.includes('no-store')) {
    const why = dirs.includes('no-cache')
      ? ' (no-cache still lets a cache store it; it only revalidates before reuse)'
      : dirs.includes('private')
        ? ' (private only keeps shared caches out; the client’s own cache may still keep the refusal and replay it)'
        : '';
    out.push({
      field: 'cacheControl',
      message: `"${r.cacheControl || '(none)'}" lets a cache store the refusal${why} and answer later requests with it long after the budget has refilled. Which directive forbids storing the response at all?`,
    });
  }
  if (r.body !== undefined) {
    const b = r.body;
    if (!isObj(b))
      out.push({ field: 'body', message: 'The body must be a JSON object (problem details).' });
    else {
      if (b.status !== undefined && b.status !== r.status)
        out.push({
          field: 'body',
          message: `The body's "status" (${JSON.stringify(b.status)}) must be the response's status code.`,
        });
      if (typeof b.title !== 'string' && typeof b.type !== 'string')
        out.push({
          field: 'body',
          message:
            'A problem-details body names the problem: give it a "type" (a URI) or at least a "title".',
        });
    }
  }
  return out;
}
