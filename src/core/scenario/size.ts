// How many requests a scenario makes, from its checked form, without running it: the page
// refuses a run bigger than it can build and draw without freezing (PAGE_MAX_REQUESTS), and
// says which generator to lower. The counts are the validator's (MAX_GENERATED uses the same).
import type { Scenario, TrafficSpec } from './types';

/** About how many requests one generator makes. */
export function generatedCount(g: TrafficSpec): number {
  switch (g.pattern) {
    case 'steady':
    case 'poisson':
      return g.ratePerSecond * Math.max(0, g.to - g.from);
    case 'burst':
      return g.count;
    case 'boundary-attack':
      return 2 * g.count;
    case 'multi-tenant':
      return g.ratePerSecond * (g.tenants - 1 + g.noisyFactor) * Math.max(0, g.to - g.from);
    case 'retry-storm':
      return g.clients * g.maxAttempts;
  }
}

/** The scenario's request count (listed plus generated, the generated ones about). */
export function scenarioSize(s: Pick<Scenario, 'requests' | 'traffic'>): {
  total: number;
  /** The generator that makes the most, or -1 when none does. */
  biggest: number;
} {
  let total = s.requests.length;
  let biggest = -1;
  let most = -1;
  s.traffic.forEach((g, i) => {
    const n = generatedCount(g);
    total += n;
    if (n > most) {
      most = n;
      biggest = i;
    }
  });
  return { total: Math.round(total), biggest };
}

/** What to lower in one generator to make fewer requests, in the scenario's field names. */
export function howToLower(g: TrafficSpec, at: string): string {
  switch (g.pattern) {
    case 'steady':
    case 'poisson':
    case 'multi-tenant':
      return `lower ${at}.ratePerSecond or shorten ${at}.from to ${at}.to`;
    case 'burst':
    case 'boundary-attack':
      return `lower ${at}.count`;
    case 'retry-storm':
      return `lower ${at}.clients or ${at}.maxAttempts`;
  }
}
