// All requests of a run in columns (typed arrays), so a million requests cost a few dozen
// megabytes instead of a million objects. Strings (keys, tenants) are interned.
export class Interner {
  readonly names: string[] = [];
  private index = new Map<string, number>();
  id(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      this.names.push(name);
      this.index.set(name, i);
    }
    return i;
  }
}

function grow<T extends Float64Array | Int32Array | Int16Array>(
  a: T,
  n: number,
  make: (n: number) => T,
): T {
  const b = make(n);
  b.set(a);
  return b;
}

export class RequestTable {
  n = 0;
  at: Float64Array;
  keyId: Int32Array;
  tenantId: Int32Array;
  /** Server index, or -1 when the load balancer routes it. */
  server: Int16Array;
  cost: Float64Array;
  /** NaN when absent. */
  duration: Float64Array;
  /** -1 explicit `requests[i]`; g for `traffic[g]`. */
  source: Int16Array;
  /** Retry-storm client number (-1 otherwise) and attempt number (1-based). */
  client: Int32Array;
  attempt: Int16Array;
  readonly names = new Interner();

  constructor(cap = 1024) {
    cap = Math.max(16, cap);
    this.at = new Float64Array(cap);
    this.keyId = new Int32Array(cap);
    this.tenantId = new Int32Array(cap);
    this.server = new Int16Array(cap);
    this.cost = new Float64Array(cap);
    this.duration = new Float64Array(cap);
    this.source = new Int16Array(cap);
    this.client = new Int32Array(cap);
    this.attempt = new Int16Array(cap);
  }

  get capacity(): number {
    return this.at.length;
  }

  private ensure(): void {
    if (this.n < this.at.length) return;
    const c = this.at.length * 2;
    this.at = grow(this.at, c, (n) => new Float64Array(n));
    this.keyId = grow(this.keyId, c, (n) => new Int32Array(n));
    this.tenantId = grow(this.tenantId, c, (n) => new Int32Array(n));
    this.server = grow(this.server, c, (n) => new Int16Array(n));
    this.cost = grow(this.cost, c, (n) => new Float64Array(n));
    this.duration = grow(this.duration, c, (n) => new Float64Array(n));
    this.source = grow(this.source, c, (n) => new Int16Array(n));
    this.client = grow(this.client, c, (n) => new Int32Array(n));
    this.attempt = grow(this.attempt, c, (n) => new Int16Array(n));
  }

  /** Append a request with interned key/tenant ids; returns its index. */
  add(
    at: number,
    keyId: number,
    tenantId: number,
    server: number,
    cost: number,
    duration: number,
    source: number,
    client = -1,
    attempt = 1,
  ): number {
    this.ensure();
    const i = this.n++;
    this.at[i] = at;
    this.keyId[i] = keyId;
    this.tenantId[i] = tenantId;
    this.server[i] = server;
    this.cost[i] = cost;
    this.duration[i] = duration;
    this.source[i] = source;
    this.client[i] = client;
    this.attempt[i] = attempt;
    return i;
  }
}
