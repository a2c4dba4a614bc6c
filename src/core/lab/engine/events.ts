// What the engine's event queue holds (besides arrivals), and where a limiter decides.

export const EV = {
  arrive: 1,
  storeDecide: 2,
  fail: 4,
  naRead: 5,
  naDecide: 6,
  naWrite: 7,
  /** The replica's cut: it holds every write made before now (failover.at - lag). */
  replicaCut: 8,
  /** The replica is promoted (failover.at + downSeconds). */
  promote: 9,
  /** placement leased: a lease call reaches the store. */
  leaseDecide: 10,
} as const;

/** Where a limiter decides, for the clock it reads. */
export const WHERE = { store: 0, nonatomic: 1, server: 2 } as const;

/** A hair before x: orders an event just ahead of others at the same instant. */
export const TOL = (x: number): number => 1e-9 * Math.max(1, Math.abs(x));
