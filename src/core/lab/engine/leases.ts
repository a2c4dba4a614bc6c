// Token leases (placement "leased", docs/scenario.md): a server takes `size` tokens from the
// shared limiter in one store call and spends them locally until they run out or the lease
// expires. The book keeps every lease in columns (for the lease view and the report) and
// each server's live leases per limiter key, oldest first.
import { growTo } from '../columns';

export const LEASE_END = { open: 0, spent: 1, expired: 2 } as const;

export class LeaseBook {
  n = 0;
  server = new Int16Array(64);
  /** Interned name id of the limiter key the lease is for. */
  keyId = new Int32Array(64);
  /** The request whose store call took the lease. */
  request = new Int32Array(64);
  /** When the store granted it, and when the server received it (it is spendable from then). */
  grantedAt = new Float64Array(64);
  from = new Float64Array(64);
  expiresAt = new Float64Array(64);
  size = new Float64Array(64);
  /** Tokens not yet spent. */
  left = new Float64Array(64);
  /** Requests the lease admitted locally (the taking request not included). */
  spentBy = new Int32Array(64);
  /** When it ran out or expired (NaN while open), and how (LEASE_END). */
  endedAt = new Float64Array(64);
  end = new Uint8Array(64);
  /** Store calls made to take leases (each a round trip). */
  storeCalls = 0;
  /** Granted tokens whose reply never reached the server (the call timed out). */
  lostInFlight = 0;
  private readonly pools = new Map<number, number[]>();

  constructor(
    private readonly servers: number,
    readonly ttlSeconds: number,
    readonly leaseSize: number,
  ) {}

  private poolOf(server: number, keyId: number): number[] {
    const k = keyId * this.servers + server;
    let p = this.pools.get(k);
    if (!p) {
      p = [];
      this.pools.set(k, p);
    }
    return p;
  }

  /** Drop expired leases from the front of a pool (their tokens are stranded). */
  private expire(pool: number[], now: number): void {
    while (pool.length) {
      const id = pool[0]!;
      if (this.expiresAt[id]! > now) break;
      pool.shift();
      this.endedAt[id] = this.expiresAt[id]!;
      this.end[id] = LEASE_END.expired;
    }
  }

  /**
   * Spend `cost` tokens at server from its live leases for the key (oldest first). Returns
   * the lease that paid first, or -1 when the live leases hold fewer than `cost` tokens.
   */
  take(server: number, keyId: number, cost: number, now: number): number {
    const pool = this.poolOf(server, keyId);
    this.expire(pool, now);
    let have = 0;
    for (const id of pool) if (this.from[id]! <= now) have += this.left[id]!;
    if (have < cost - 1e-9 * Math.max(1, cost)) return -1;
    let need = cost;
    let first = -1;
    for (let k = 0; k < pool.length && need > 0;) {
      const id = pool[k]!;
      if (this.from[id]! > now) {
        k++;
        continue;
      }
      if (first < 0) first = id;
      const use = Math.min(need, this.left[id]!);
      this.left[id]! -= use;
      need -= use;
      this.spentBy[id]!++;
      if (this.left[id]! <= 1e-9) {
        this.left[id] = 0;
        this.endedAt[id] = now;
        this.end[id] = LEASE_END.spent;
        pool.splice(k, 1);
      } else k++;
    }
    return first;
  }

  /** Record a lease of `size` tokens, of which the taking request spent `spent`. */
  grant(
    server: number,
    keyId: number,
    request: number,
    size: number,
    spent: number,
    grantedAt: number,
    from: number,
  ): number {
    const id = this.n++;
    if (id >= this.server.length) this.grow(id + 1);
    this.server[id] = server;
    this.keyId[id] = keyId;
    this.request[id] = request;
    this.grantedAt[id] = grantedAt;
    this.from[id] = from;
    this.expiresAt[id] = from + this.ttlSeconds;
    this.size[id] = size;
    const left = Math.max(0, size - spent);
    this.left[id] = left;
    this.spentBy[id] = 0;
    if (left <= 1e-9) {
      this.left[id] = 0;
      this.endedAt[id] = from;
      this.end[id] = LEASE_END.spent;
    } else {
      this.endedAt[id] = NaN;
      this.end[id] = LEASE_END.open;
      this.poolOf(server, keyId).push(id);
    }
    return id;
  }

  private grow(n: number): void {
    this.server = growTo(this.server, n);
    this.keyId = growTo(this.keyId, n);
    this.request = growTo(this.request, n);
    this.grantedAt = growTo(this.grantedAt, n);
    this.from = growTo(this.from, n);
    this.expiresAt = growTo(this.expiresAt, n);
    this.size = growTo(this.size, n);
    this.left = growTo(this.left, n);
    this.spentBy = growTo(this.spentBy, n);
    this.endedAt = growTo(this.endedAt, n);
    this.end = growTo(this.end, n);
  }
}
