// Growable typed-array columns for per-request events and the limiter operation log.
export type Col = Float64Array | Int32Array | Uint8Array | Int16Array;

export function growTo<T extends Col>(a: T, n: number, fill?: number): T {
  if (a.length >= n) return a;
  let c = Math.max(16, a.length);
  while (c < n) c *= 2;
  const b = new (a.constructor as new (n: number) => T)(c);
  b.set(a);
  if (fill !== undefined) b.fill(fill, a.length);
  return b;
}

/** What happened to each request, in request-index order (NaN = did not happen). */
export class EventColumns {
  /** When the request reached the store (atomic decision, or the non-atomic read). */
  storeArrive: Float64Array;
  /** When the store's reply reached the server. */
  storeReply: Float64Array;
  /** shared-nonatomic: when the write landed at the store. */
  writeArrive: Float64Array;
  /** When the outcome was determined (store, server, or failure detection). */
  decidedAt: Float64Array;
  /** When the server answered the client (decision + leaky-bucket delay). */
  respondedAt: Float64Array;
  /** OUTCOME code. */
  outcome: Uint8Array;
  /** VIA code: which limiter decided. */
  via: Uint8Array;
  /** FLAG bits. */
  flags: Uint8Array;
  /** retryAfterSeconds (NaN = null). */
  retry: Float64Array;
  /** remaining (NaN = not reported). */
  remaining: Float64Array;
  /** leaky-bucket delaySeconds (NaN = none). */
  delay: Float64Array;

  constructor(cap: number) {
    const f = (): Float64Array => new Float64Array(cap).fill(NaN);
    this.storeArrive = f();
    this.storeReply = f();
    this.writeArrive = f();
    this.decidedAt = f();
    this.respondedAt = f();
    this.retry = f();
    this.remaining = f();
    this.delay = f();
    this.outcome = new Uint8Array(cap);
    this.via = new Uint8Array(cap);
    this.flags = new Uint8Array(cap);
  }

  ensure(n: number): void {
    if (this.outcome.length >= n) return;
    this.storeArrive = growTo(this.storeArrive, n, NaN);
    this.storeReply = growTo(this.storeReply, n, NaN);
    this.writeArrive = growTo(this.writeArrive, n, NaN);
    this.decidedAt = growTo(this.decidedAt, n, NaN);
    this.respondedAt = growTo(this.respondedAt, n, NaN);
    this.retry = growTo(this.retry, n, NaN);
    this.remaining = growTo(this.remaining, n, NaN);
    this.delay = growTo(this.delay, n, NaN);
    this.outcome = growTo(this.outcome, n);
    this.via = growTo(this.via, n);
    this.flags = growTo(this.flags, n);
  }
}

/**
 * What happened to a request, the one vocabulary of the lab (engine, CLI, store, widgets,
 * graders): `allowed` the limiter admitted it; `denied` the limiter refused it (429);
 * `unavailable` the limiter could not decide and the service failed closed (503); `bypass`
 * the limiter could not decide and the service failed open (admitted without a decision).
 */
export const OUTCOME_NAMES = ['allowed', 'denied', 'unavailable', 'bypass'] as const;
export type Outcome = (typeof OUTCOME_NAMES)[number];
/** Outcome codes as stored in EventColumns.outcome (index into OUTCOME_NAMES). */
export const OUTCOME = { allowed: 0, denied: 1, unavailable: 2, bypass: 3 } as const;
/** The HTTP status of each outcome: a limiter failure is never a 429. The only such map. */
export const OUTCOME_HTTP: Readonly<Record<Outcome, 200 | 429 | 503>> = {
  allowed: 200,
  denied: 429,
  unavailable: 503,
  bypass: 200,
};
/** True when the request reached the app (allowed by the limiter, or a fail-open bypass). */
export const admittedCode = (code: number): boolean =>
  code === OUTCOME.allowed || code === OUTCOME.bypass;

export const VIA_NAMES = ['local', 'store', 'fallback', 'none'] as const;
export type Via = (typeof VIA_NAMES)[number];
export const VIA = { local: 0, store: 1, fallback: 2, none: 3 } as const;

export const FLAG = {
  /** The store's reply came after the timeout (the store still charged). */
  timedOut: 1,
  /** The store was unreachable (outage) when the request or read reached it. */
  unreachable: 2,
  /** shared-nonatomic: admitted on a stale read; another admission's charge was lost. */
  doubleSpent: 4,
  /** shared-nonatomic: the write hit an outage and was lost. */
  writeLost: 8,
  /** The limiter itself answered with an error. */
  limiterError: 16,
} as const;
