// Choose problems: a rubric of defensible choices, and for each choice the engine shows what
// it does during a store outage, so a wrong pick fails with a scenario worth replaying.
import { runLaneAsync, type LaneResult } from '../../core/content/lanes';
import { headerValue, httpResponse, type HttpResponse } from '../http/response';
import { labRun, type RequestInfo } from '../lab/labRun';
import { parseScenario } from '../scenario/validate';
import { num, runCases, str, type HiddenCase } from './harness';
import { checkRefusalResponse, type RefusalResponse } from './http429';
import type { Grader } from './types';

export const FAILURE_MODES = ['fail-open', 'fail-closed', 'local-fallback'] as const;

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

/** What one choice costs an endpoint: null when the choice fits its risk, else the risk ignored. */
type Judge = (pick: string, run: LaneResult) => string | null;

interface Endpoint {
  field: string;
  label: string;
  judge: Judge;
}

/** Counts during the outage window of `outage()`. */
function duringOutage(r: LaneResult): { bypass: number; unavailable: number; admitted: number } {
  const inside = r.requests.filter((q) => q.at >= 10 && q.at < 40);
  return {
    bypass: inside.filter((q) => q.outcome === 'bypass').length,
    unavailable: inside.filter((q) => q.outcome === 'unavailable').length,
    admitted: inside.filter((q) => q.outcome === 'allowed' || q.outcome === 'bypass').length,
  };
}

export function chooseGrader(id: string, endpoints: Endpoint[]): Grader {
  return {
    id,
    expects: `one of ${FAILURE_MODES.join(', ')} for ${endpoints.map((e) => `"${e.field}"`).join(', ')}`,
    grade(sub, opts) {
      const missing = endpoints.filter(
        (e) => !(FAILURE_MODES as readonly string[]).includes(str(sub, e.field)),
      );
      const cases: HiddenCase[] = [
        {
          name: 'a failure mode for every endpoint',
          check: () =>
            missing.length === 0
              ? null
              : {
                  name: 'a failure mode for every endpoint',
                  message: `Choose one of ${FAILURE_MODES.join(', ')} for ${missing.map((e) => `the ${e.label} ("${e.field}"${str(sub, e.field) ? `: "${str(sub, e.field)}" is not one of them` : ''})`).join(', ')}.`,
                },
        },
        ...endpoints.map((e) => ({
          name: e.label,
          check: async () => {
            const pick = str(sub, e.field);
            const sc = outage(pick);
            const risk = e.judge(pick, await runLaneAsync(sc));
            // The risk the choice ignores, with the engine's numbers; never the right option.
            return risk
              ? { name: e.label, message: `${pick} for the ${e.label}: ${risk}`, scenario: sc }
              : null;
          },
        })),
      ];
      return runCases(cases, opts, 'Each endpoint fails in the way its risk calls for.');
    },
  };
}

export const chooseFailureModes = chooseGrader('choose-failure-modes', [
  {
    field: 'search',
    label: 'search endpoint',
    judge: (pick, r) =>
      pick === 'fail-closed'
        ? `${duringOutage(r).unavailable} search requests were answered 503 during the 30-second outage. Search is cheap to serve, and a wrongly admitted search costs a little CPU, while refusing everyone turns a limiter problem into a visible product outage.`
        : null,
  },
  {
    field: 'payment',
    label: 'payment endpoint',
    judge: (pick, r) => {
      const o = duringOutage(r);
      if (pick === 'fail-open')
        return `${o.bypass} requests went through unchecked during the 30-second outage. A payment that should have been refused is an irreversible charge with a fee, and card testers love an endpoint with no limit.`;
      if (pick === 'local-fallback')
        return `each server applied its own emergency limit, and ${o.admitted} requests were admitted during the 30-second outage with no shared count. A per-server limit multiplies by the number of servers, and here every wrongly admitted request is an irreversible charge with a fee: being a little generous is not cheap.`;
      return null;
    },
  },
  {
    field: 'llm',
    label: 'LLM endpoint with a spend cap',
    judge: (pick, r) =>
      pick === 'fail-open'
        ? `${duringOutage(r).bypass} requests went through unchecked during the 30-second outage. Every LLM call costs real money and the cap is a promise about spend: with no check at all, spend is unbounded for as long as the store is down.`
        : null,
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

const FIELD_NAMES: Record<string, string> = {
  status: 'the status of the refusal',
  retryAfter: 'the Retry-After value',
  contentType: 'the error body’s media type',
  cacheControl: 'Cache-Control',
  body: 'the problem-details body',
};

/**
 * The last request of a scenario and the response the lab sends for it, built by the same
 * core builder as the lab's HTTP view (core/http/response.ts): the learner's answer is graded
 * against what the lab itself would send.
 */
function lastResponse(sc: Record<string, unknown>): { q: RequestInfo; http: HttpResponse } {
  const run = labRun(parseScenario(sc), { seekable: false });
  const q = run.request(run.byArrival[run.byArrival.length - 1]!);
  return { q, http: httpResponse(run, q) };
}

export const http429Response: Grader = {
  id: 'http-429-response',
  expects:
    '"status", "retryAfter", "statusWhenStoreDown" (numbers), "contentType" and "cacheControl" (header values), and optionally "body" (the problem-details JSON)',
  grade(sub, opts) {
    const need = ['status', 'retryAfter', 'contentType', 'cacheControl', 'statusWhenStoreDown'];
    const missing = need.filter((f) => str(sub, f) === '');
    // The body may come as JSON text (the form) or as an object (a .json answer file).
    const rawBody =
      sub.body ?? (sub.choices as Record<string, unknown> | undefined)?.body ?? undefined;
    const bodyText =
      typeof rawBody === 'object' && rawBody !== null ? JSON.stringify(rawBody) : str(sub, 'body');
    const cases: HiddenCase[] = [
      {
        name: 'every field of the response',
        check: () =>
          missing.length
            ? {
                name: 'every field of the response',
                message: `The answer is missing ${missing.map((f) => `"${f}"`).join(', ')}.`,
              }
            : null,
      },
      {
        name: 'the refusal',
        check: () => {
          // What the lab itself sends for this refusal (the core builder): the Retry-After the
          // learner must give is the one in the lab's response.
          const { http } = lastResponse(REFUSED);
          const retryAfter = Number(headerValue(http, 'Retry-After'));
          let body: unknown;
          if (bodyText) {
            try {
              body = JSON.parse(bodyText);
            } catch {
              return { name: FIELD_NAMES.body!, message: 'The body is not valid JSON.' };
            }
          }
          const resp: RefusalResponse = {
            status: num(sub, 'status'),
            retryAfter: num(sub, 'retryAfter'),
            contentType: str(sub, 'contentType'),
            cacheControl: str(sub, 'cacheControl'),
            ...(body !== undefined ? { body } : {}),
          };
          const problems = checkRefusalResponse(resp, {
            retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null,
          });
          const first = problems[0];
          if (!first) return null;
          return {
            name: FIELD_NAMES[first.field]!,
            message: first.message,
            ...(first.field === 'status' || first.field === 'retryAfter'
              ? { scenario: REFUSED }
              : {}),
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
                message: `${Number.isNaN(got) ? '(no status)' : got} is not honest here. With the store down the limiter decided nothing (the lab records the request as "${q.outcome}", not as a rate-limit refusal): the caller exceeded nothing, the service could not serve it.`,
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
