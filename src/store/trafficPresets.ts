// The traffic the controls offer: each preset replaces the scenario's requests and traffic
// (the worked example's five listed requests, or one seeded generator).
import { WORKED_EXAMPLE, type ScenarioInput } from './labState';
import { addDurations, copyOf } from './scenarioEdits';

export interface TrafficPreset {
  id: string;
  label: string;
  /** The generator it sets (null: the worked example's listed requests). */
  traffic: Record<string, unknown> | null;
}

export const TRAFFIC_PRESETS: readonly TrafficPreset[] = [
  { id: 'worked', label: 'The worked example: 5 requests, A B A B A', traffic: null },
  {
    id: 'steady',
    label: 'Steady: 2 per second for 30 s',
    traffic: { pattern: 'steady', ratePerSecond: 2, from: 0, to: 30, key: 'client-1' },
  },
  {
    id: 'burst',
    label: 'Burst: 20 requests at once',
    traffic: { pattern: 'burst', at: 1, count: 20, spacingSeconds: 0.05, key: 'client-1' },
  },
  {
    id: 'poisson',
    label: 'Random arrivals (Poisson), 3 per second',
    traffic: { pattern: 'poisson', ratePerSecond: 3, from: 0, to: 40, key: 'client-1' },
  },
  {
    id: 'boundary',
    label: 'Boundary attack: both sides of a window edge',
    traffic: {
      pattern: 'boundary-attack',
      windowSeconds: 60,
      boundary: 60,
      count: 10,
      spreadSeconds: 2,
      key: 'client-1',
    },
  },
  {
    id: 'tenants',
    label: 'Four tenants, one noisy neighbour',
    traffic: {
      pattern: 'multi-tenant',
      tenants: 4,
      ratePerSecond: 0.5,
      noisyTenant: 0,
      noisyFactor: 6,
      from: 0,
      to: 40,
    },
  },
  {
    id: 'storm',
    label: 'Retry storm: 30 clients retry on 429',
    traffic: { pattern: 'retry-storm', clients: 30, at: 1, jitter: true, maxAttempts: 4 },
  },
];

/**
 * The scenario with a preset's traffic in place of its requests and traffic (with a duration
 * when its algorithm needs one, as concurrency does). An unknown id changes nothing.
 */
export function withTrafficPreset(s: ScenarioInput, id: string): ScenarioInput {
  const preset = TRAFFIC_PRESETS.find((p) => p.id === id);
  if (!preset) return s;
  const d = copyOf(s);
  if (preset.traffic) {
    d.requests = [];
    d.traffic = [structuredClone(preset.traffic)];
  } else {
    d.requests = structuredClone(WORKED_EXAMPLE.requests);
    delete d.traffic;
  }
  addDurations(d);
  return d;
}

/** The preset a scenario's first traffic pattern is shown as (no traffic: the worked example). */
export function trafficPresetOf(s: ScenarioInput): string | undefined {
  const first = Array.isArray(s.traffic) ? (s.traffic[0] as unknown) : undefined;
  if (typeof first !== 'object' || first === null) return 'worked';
  const pattern = (first as Record<string, unknown>).pattern;
  return TRAFFIC_PRESETS.find((p) => p.traffic?.pattern === pattern)?.id;
}
