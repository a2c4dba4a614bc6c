// The sane range of every store, traffic and timing field of a scenario (docs/scenario.md,
// "Bounds"). A value outside is refused with a message naming the field, so no scenario can
// push the engine or the lab screen into Infinity or NaN (e.g. `store.latencySeconds: 1e308`).
// Algorithm parameters are bounded by each algorithm's own descriptor, not here.
export const BOUNDS = {
  /** Any absolute time on the virtual clock: request `at`, generator from/to/at, windows. */
  time: 1e9,
  /** Store one-way latency and latency spikes. */
  latencySeconds: 60,
  /** Store call timeout. */
  timeoutSeconds: 600,
  /** Outage and latency-spike windows per list. */
  windows: 1000,
  /** Replication lag of the replica. */
  lagSeconds: 3600,
  /** Gap between losing the primary and promoting the replica. */
  downSeconds: 86400,
  /** An app server's clock offset, either way. */
  clockOffsetSeconds: 86400,
  /** An app server's clock drift, either way (10,000 ppm = 1%). */
  clockDriftPpm: 10000,
  /** One step of the store's clock, either way. */
  clockStepSeconds: 86400,
  /** Steps of the store's clock. */
  clockSteps: 100,
  /** Shards of a sharded key. */
  shards: 64,
  /** Redis Cluster primaries. */
  clusterNodes: 16,
  /** Tokens in one lease. */
  leaseSize: 1e6,
  /** A lease's time to live. */
  leaseTtlSeconds: 86400,
  /** Generator rates. */
  ratePerSecond: 1e6,
  /** Spacing of a burst, spread of a boundary attack, a generator's window length. */
  spacingSeconds: 86400,
  /** noisyFactor of the multi-tenant generator. */
  noisyFactor: 10000,
  /** Concurrency `duration` of a request or generator. */
  durationSeconds: 1e6,
  /** Policies on one request. */
  policies: 16,
  /** Length of a route class label. */
  routeLength: 40,
  /** Largest seed (a safe integer). */
  seed: Number.MAX_SAFE_INTEGER,
} as const;
