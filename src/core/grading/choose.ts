// Choose problems: a rubric of defensible choices, and for each choice the engine shows what
// it does during a store outage, so a wrong pick fails with a scenario worth replaying.
import { runLaneAsync } from '../../core/content/lanes';
import { headerValue, httpResponse, type HttpResponse } from '../http/response';
import { runScenario, type RequestInfo } from '../lab/labRun';
import { parseScenario } from '../scenario/validate';
import { fmt, num, runCases, str, type HiddenCase } from './harness';
import type { Grader } from './types';

export const FAILURE_MODES = ['fail-open', 'fail-closed', 'local-fallback'] as const;

interface Endpoint {
  field: string;
  label: string;
  accept: string[];
  why: string;
}

/** A store outage from 10 s to 40 s under steady traffic, with the chosen failure mode. */
function outage(mode: string): Record<string, unknown> {
  const sc: Record<string, unknown> = {
    algorithm: 'token-bucket',
    params: { capacity: 10, refillPerSecond: 2 },
    servers: 2,
    traffic: [{ pattern: 'steady', ratePerSecond: 6, from: 0, to: 60 }],
    store: { outages: [{ from: 10, to: 40 }] },
    failureMode: mode,
  };
  if (mode === 'local-fallback')
    sc.fallback = { algorithm: 'token-bucket', params: { capacity: 5, refillPerSecond: 1 } };
  return sc;
}

export function chooseGrader(id: string, endpoints: Endpoint[]): Grader {
  return {
    id,
    expects: `one of ${FAILURE_MODES.join(', ')} for ${endpoints.map((e) => `"${e.field}"`).join(', ')}`,
    grade(sub, opts) {
      const cases: HiddenCase[] = endpoints.map((e) => ({
        name: e.label,
        check: async () => {
          const pick = str(sub, e.field);
          if (e.accept.includes(pick)) return null;
          if (!(FAILURE_MODES as readonly string[]).includes(pick))
            return { name: e.label, message: `Pick a failure mode for the ${e.label}.` };
          const sc = outage(pick);
          const r = await runLaneAsync(sc);
          const what =
            pick === 'fail-open'
              ? `${r.bypass} requests went through unchecked during the 30-second outage`
              : pick === 'fail-closed'
                ? `${r.unavailable} requests were answered 503 during the 30-second outage`
                : `the fallback limited each server on its own during the outage`;
          return {
            name: e.label,
            message: `${pick} for the ${e.label}: ${what}. ${e.why}`,
            scenario: sc,
          };
        },
      }));
      return runCases(cases, opts, 'Each endpoint fails in the way its risk calls for.');
    },
  };
}

export const chooseFailureModes = chooseGrader('choose-failure-modes', [
  {
    field: 'search',
    label: 'search endpoint',
    accept: ['fail-open', 'local-fallback'],
    why: 'Search is cheap to serve and its users notice an outage far more than a few extra queries: refusing everyone because the limiter is down turns a limiter problem into a search outage.',
  },
  {
    field: 'payment',
    label: 'payment endpoint',
    accept: ['fail-closed', 'local-fallback'],
    why: 'Payments are where abuse (card testing, duplicate charges) is costly; letting every request through unchecked while the limiter is down is the one choice you cannot defend.',
  },
  {
    field: 'llm',
    label: 'LLM endpoint with a spend cap',
    accept: ['local-fallback', 'fail-closed'],
    why: 'Each LLM call costs real money and the cap is a promise about spend: failing open makes the spend unbounded for as long as the store is down.',
  },
]);

// ---- The 429 response ------------------------------------------------------------------

/** A bucket of 12 refilling 0.4/s, emptied at t = 0, so it holds 0.6 at t = 1.5 when 2 arrive. */
const REFUSED = {
  algorithm: 'token-bucket',
  params: { capacity: 12, refillPerSecond: 0.4 },
  requests: [
    { at: 0, cost: 12 },
    { at: 1.5, cost: 2 },
  ],
};
/** The same request while the limiter's store is down, on an endpoint that fails closed. */
const STORE_DOWN = {
  ...REFUSED,
  store: { outages: [{ from: 1, to: 2 }] },
  failureMode: 'fail-closed',
};

/** Media type without parameters, lower case. */
const mediaType = (v: string): string => v.split(';')[0]!.trim().toLowerCase();
const directives = (v: string): string[] =>
  v
    .toLowerCase()
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);

/**
 * The last request of a scenario and the response the lab sends for it, built by the same
 * core builder as the lab's HTTP view (core/http/response.ts): the learner's answer is graded
 * against what the lab itself would send.
 */
function lastResponse(sc: Record<string, unknown>): { q: RequestInfo; http: HttpResponse } {
  const run = runScenario(parseScenario(sc), { seekable: false });
  const q = run.request(run.byArrival[run.byArrival.length - 1]!);
  return { q, http: httpResponse(run, q) };
}

export const http429Response: Grader = {
  id: 'http-429-response',
  expects:
    '"status", "retryAfter", "statusWhenStoreDown" (numbers), "contentType" and "cacheControl" (header values)',
  grade(sub, opts) {
    const cases: HiddenCase[] = [
      {
        name: 'the status of the refusal',
        check: () => {
          const { q, http } = lastResponse(REFUSED);
          const want = http.status;
          const got = num(sub, 'status');
          return got === want
            ? null
            : {
                name: 'the status of the refusal',
                message: `${fmt(got)} is not it. The limiter decided this request (${q.outcome}): the caller exceeded its own budget, and HTTP has a status for exactly that, "Too Many Requests".`,
                scenario: REFUSED,
              };
        },
      },
      {
        name: 'the Retry-After value',
        check: () => {
          const want = Number(headerValue(lastResponse(REFUSED).http, 'Retry-After'));
          const got = num(sub, 'retryAfter');
          if (got === want) return null;
          return {
            name: 'the Retry-After value',
            message: `Retry-After ${fmt(got)} is not what the lab computes. The request is short of tokens; how long does a refill of 0.4 per second take to supply them? Round up to whole seconds, never below 1. Replay it and read the refused request's Retry-After.`,
            scenario: REFUSED,
          };
        },
      },
      {
        name: 'the error body’s media type',
        check: () => {
          const got = str(sub, 'contentType');
          const want = mediaType(headerValue(lastResponse(REFUSED).http, 'Content-Type') ?? '');
          return mediaType(got) === want
            ? null
            : {
                name: 'the error body’s media type',
                message: `"${got || '(none)'}" is not the standard machine-readable error format for HTTP APIs: that is "problem details" (RFC 9457), sent as its own JSON media type.`,
              };
        },
      },
      {
        name: 'Cache-Control',
        check: () => {
          const got = str(sub, 'cacheControl');
          const d = directives(got);
          const want = directives(headerValue(lastResponse(REFUSED).http, 'Cache-Control') ?? '');
          return want.length > 0 && want.every((x) => d.includes(x))
            ? null
            : {
                name: 'Cache-Control',
                message: `"${got || '(none)'}" lets a shared cache store the refusal${d.includes('no-cache') ? ' (no-cache still stores; it only revalidates before reuse)' : ''}, and then replay it to other callers. Which directive forbids storing the response at all?`,
              };
        },
      },
      {
        name: 'the status when the store does not answer',
        check: () => {
          const { q, http } = lastResponse(STORE_DOWN);
          const want = http.status;
          const got = num(sub, 'statusWhenStoreDown');
          return got === want
            ? null
            : {
                name: 'the status when the store does not answer',
                message: `${fmt(got)} is not honest here. With the store down the limiter decided nothing (the lab records the request as "${q.outcome}", not as a rate-limit refusal): the caller exceeded nothing, the service could not serve it. Replay it in the lab.`,
                scenario: STORE_DOWN,
              };
        },
      },
    ];
    return runCases(
      cases,
      opts,
      'A complete, honest 429, and the right status when it is not one.',
    );
  },
};
