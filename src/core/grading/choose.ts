// Choose problems: a rubric of defensible choices, and for each choice the engine shows what
// it does during a store outage, so a wrong pick fails with a scenario worth replaying.
import { runLaneAsync } from '../../core/content/lanes';
import { runCases, str, type HiddenCase } from './harness';
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
