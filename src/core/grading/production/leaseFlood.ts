// The flood a lease size must survive at its worst, not only on average: an ordinary day, a
// quiet spell longer than a lease (so every server's lease has ended), then one request on each
// server just before a window turns (each takes a fresh lease and spends one token of it), and a
// flood right after the turn. Every server then carries a nearly full lease into the new window,
// on top of that window's own limit. Random floods almost never line the four leases up.

/** The shared window of the lease problem (fixed window, 1,000 per 10 s, four servers). */
export const LEASE_WINDOW = 10;
export const LEASE_SERVERS = ['A', 'B', 'C', 'D'] as const;

export interface AdversarialFlood {
  /** The ordinary day's rate (requests per second) and how long it lasts (seconds). */
  dayRate: number;
  dayLength: number;
  /** How long before the turn the four lease-taking requests arrive (seconds, > 0). */
  lead: number;
  /** The order the four servers take their leases in (a permutation of LEASE_SERVERS). */
  order: string[];
  /** How long after the turn the flood starts (seconds, >= 0), its rate and length. */
  delay: number;
  floodRate: number;
  floodLength: number;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The traffic of an adversarial flood for leases that live `ttl` seconds: the turn is the first
 * window boundary after the day, a quiet spell longer than `ttl` and the lead.
 */
export function adversarialFloodTraffic(
  f: AdversarialFlood,
  ttl: number,
): { turn: number; traffic: Record<string, unknown>[]; requests: Record<string, unknown>[] } {
  const quietUntil = f.dayLength + ttl + 0.001 + f.lead;
  const turn = Math.ceil(quietUntil / LEASE_WINDOW + 1e-9) * LEASE_WINDOW;
  const takeAt = round6(turn - f.lead);
  const from = round6(turn + f.delay);
  return {
    turn,
    traffic: [
      { pattern: 'poisson', ratePerSecond: f.dayRate, from: 0, to: f.dayLength },
      { pattern: 'poisson', ratePerSecond: f.floodRate, from, to: round6(from + f.floodLength) },
    ],
    requests: f.order.map((server, i) => ({
      at: round6(takeAt + i * Math.min(1e-6, f.lead / 8)),
      server,
    })),
  };
}
