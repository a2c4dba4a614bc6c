// The real target as the runners use it: one server, or a Redis Cluster whose topology comes
// from ioredis's Cluster client. Commands go to the master that owns their first key's slot,
// over typed connections (connection.ts). Cleanup deletes only keys under the run's prefix:
// SCAN MATCH on the prefix, then UNLINK, on every master.
import { Cluster } from 'ioredis';
import { commandKeys } from '../../core/redis/table';
import { keySlot } from '../../core/redis/slot';
import type { Reply } from '../../core/redis/reply';
import { TypedConnection } from './connection';
import type { NodeAddress, RealTarget } from './target';

/** How long one command may take on a real server before the connection is dropped. */
export const COMMAND_TIMEOUT_MS = 10_000;

/** `prefix` as a SCAN MATCH pattern matching exactly the keys that start with it. */
export function globPrefix(prefix: string): string {
  return prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`) + '*';
}

export class RealStore {
  private constructor(
    readonly target: RealTarget,
    /** Connections to the masters, by "host:port". */
    private readonly masters: Map<string, TypedConnection>,
    /** Slot -> "host:port" of its master (cluster); empty for one server. */
    private readonly slotOwner: string[],
  ) {}

  static async open(target: RealTarget): Promise<RealStore> {
    const opts = { password: target.password, commandTimeoutMs: COMMAND_TIMEOUT_MS };
    if (target.kind === 'single') {
      const c = await TypedConnection.open(target.nodes[0]!, opts);
      return new RealStore(target, new Map([[c.name, c]]), []);
    }
    const { owners, masters } = await clusterTopology(target);
    const conns = new Map<string, TypedConnection>();
    try {
      for (const m of masters) {
        const c = await TypedConnection.open(m, opts);
        conns.set(c.name, c);
      }
    } catch (e) {
      await Promise.all([...conns.values()].map((c) => c.close()));
      throw e;
    }
    return new RealStore(target, conns, owners);
  }

  get isCluster(): boolean {
    return this.target.kind === 'cluster';
  }

  /** "host:port" of the master holding `key` (the one server when not a cluster). */
  nodeOf(key: string): string {
    if (!this.isCluster) return [...this.masters.keys()][0]!;
    return this.slotOwner[keySlot(key)] ?? [...this.masters.keys()][0]!;
  }

  private conn(node: string): TypedConnection {
    return this.masters.get(node) ?? [...this.masters.values()][0]!;
  }

  /**
   * The masters in slot order, each with the slot ranges it owns: the j-th one owns the j-th
   * range, which is node j as the model numbers them (redis-cli --cluster create gives the
   * j-th address the j-th range). One server: itself, owning every slot.
   */
  mastersBySlot(): { address: string; ranges: [number, number][] }[] {
    if (!this.isCluster) return [{ address: this.nodeOf(''), ranges: [[0, 16383]] }];
    const out = new Map<string, [number, number][]>();
    this.slotOwner.forEach((owner, slot) => {
      let ranges = out.get(owner);
      if (!ranges) out.set(owner, (ranges = []));
      const last = ranges[ranges.length - 1];
      if (last && last[1] === slot - 1) last[1] = slot;
      else ranges.push([slot, slot]);
    });
    return [...out].map(([address, ranges]) => ({ address, ranges }));
  }

  /** Send one command to one master ("host:port"), whatever its keys (a MOVED reply comes back as an error). */
  sendTo(address: string, args: readonly string[]): Promise<Reply> {
    const c = this.masters.get(address);
    if (!c) throw new Error(`${address} is not a master of ${this.target.label}`);
    return c.send(args);
  }

  /** The connection a key's commands go to. */
  forKey(key: string): TypedConnection {
    return this.conn(this.nodeOf(key));
  }

  /**
   * Send one command: to its first key's master, or for a command without keys to `stickTo`
   * (a key whose master keeps the connection, e.g. across MULTI), else the first master.
   * SCRIPT LOAD goes to every master, so EVALSHA works wherever its keys are.
   */
  async send(args: readonly string[], stickTo?: string): Promise<Reply> {
    if (this.isCluster && /^script$/i.test(args[0]!) && /^load$/i.test(args[1] ?? '')) {
      const replies = await Promise.all([...this.masters.values()].map((c) => c.send(args)));
      return replies[0]!;
    }
    const keys = commandKeys(args);
    const key = keys[0] ?? stickTo;
    return (key === undefined ? [...this.masters.values()][0]! : this.forKey(key)).send(args);
  }

  /** Every key under `prefix` on every master: SCAN MATCH, then UNLINK. Returns how many. */
  async cleanup(prefix: string): Promise<number> {
    let n = 0;
    for (const c of this.masters.values()) {
      let cursor = '0';
      do {
        const r = await c.send(['SCAN', cursor, 'MATCH', globPrefix(prefix), 'COUNT', '1000']);
        if (r.t !== 'arr' || r.v.length !== 2)
          throw new Error(`SCAN answered ${JSON.stringify(r)}`);
        const [next, keys] = r.v;
        cursor = next!.t === 'bulk' ? next!.v : '0';
        const names = keys!.t === 'arr' ? keys!.v.map((k) => (k.t === 'bulk' ? k.v : '')) : [];
        const mine = names.filter((k) => k.startsWith(prefix));
        // UNLINK one key at a time: in a cluster, keys of one node may sit on several slots.
        for (const k of mine) await c.send(['UNLINK', k]);
        n += mine.length;
      } while (cursor !== '0');
    }
    return n;
  }

  async close(): Promise<void> {
    await Promise.all([...this.masters.values()].map((c) => c.close()));
  }
}

/** The cluster's masters and which one owns each slot, from ioredis's Cluster client. */
async function clusterTopology(
  target: RealTarget,
): Promise<{ owners: string[]; masters: NodeAddress[] }> {
  const cluster = new Cluster(target.nodes, {
    lazyConnect: true,
    enableReadyCheck: true,
    clusterRetryStrategy: () => null,
    slotsRefreshTimeout: COMMAND_TIMEOUT_MS,
    redisOptions: { password: target.password, connectTimeout: COMMAND_TIMEOUT_MS, protocol: 2 },
  });
  cluster.on('error', () => {});
  try {
    await cluster.connect();
    const owners = cluster.slots.map((nodes) => nodes[0] ?? '');
    const names = [...new Set(owners.filter((o) => o !== ''))];
    if (owners.length < 16384 || owners.some((o) => o === ''))
      throw new Error(`the cluster at ${target.label} does not cover all 16384 slots`);
    const masters = names.map((n) => {
      const at = n.lastIndexOf(':');
      return { host: n.slice(0, at), port: Number(n.slice(at + 1)) };
    });
    return { owners, masters };
  } finally {
    cluster.disconnect();
  }
}
