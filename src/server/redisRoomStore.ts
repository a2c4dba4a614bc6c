// Rooms in Redis (REDIS_URL): each room is one JSON string under `ratelab:room:<id>`, its shared
// code a list of Yjs updates under `ratelab:room:<id>:doc`, both expiring together once the room
// has been gone (closed or idle) for `keepGoneMs`. An update is read, changed in JS and written
// back only if nobody wrote in between (a compare-and-set script), retried otherwise, so two
// instances changing one room never lose each other's writes.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RoomRecord } from '../core/live/room';
import type { Clock } from './clock';
import type { RoomStore } from './roomStore';

// The value read is named by its SHA-1, not sent back whole: a workshop's room with a thousand
// learners is a large value, and this runs on every step.
const CAS = `
local cur = redis.call('GET', KEYS[1])
if not cur then return -1 end
if redis.sha1hex(cur) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

const key = (id: string) => `ratelab:room:${id}`;
const docKey = (id: string) => `ratelab:room:${id}:doc`;

export class RedisRoomStore implements RoomStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly keepGoneMs: number,
  ) {}

  private ttl(r: RoomRecord): number {
    const goneAt = r.closedAt ?? r.lastActive + r.idleMs;
    return Math.max(1000, Math.ceil(goneAt + this.keepGoneMs - this.clock.now()));
  }

  async create(room: RoomRecord): Promise<boolean> {
    const ok = await this.redis.set(key(room.id), JSON.stringify(room), 'PX', this.ttl(room), 'NX');
    return ok === 'OK';
  }

  async get(id: string): Promise<RoomRecord | null> {
    const s = await this.redis.get(key(id));
    return s === null ? null : (JSON.parse(s) as RoomRecord);
  }

  async update(id: string, change: (r: RoomRecord) => RoomRecord): Promise<RoomRecord | null> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const before = await this.redis.get(key(id));
      if (before === null) return null;
      const next = change(JSON.parse(before) as RoomRecord);
      const after = JSON.stringify(next);
      const seen = createHash('sha1').update(before).digest('hex');
      const r = await this.redis.eval(CAS, 2, key(id), docKey(id), seen, after, this.ttl(next));
      if (r === 1) return next;
      if (r === -1) return null;
    }
    throw new Error(`room ${id}: too many concurrent writes`);
  }

  async appendDoc(id: string, update: Uint8Array): Promise<number> {
    const n = await this.redis.rpush(docKey(id), Buffer.from(update));
    const ttl = await this.redis.pttl(key(id));
    if (ttl > 0) await this.redis.pexpire(docKey(id), ttl);
    return n;
  }

  async loadDoc(id: string, from = 0): Promise<Uint8Array[]> {
    const list = await this.redis.lrangeBuffer(docKey(id), from, -1);
    return list.map((b) => new Uint8Array(b));
  }

  async replaceDoc(id: string, state: Uint8Array): Promise<void> {
    const ttl = await this.redis.pttl(key(id));
    if (ttl <= 0) return;
    await this.redis
      .multi()
      .del(docKey(id))
      .rpush(docKey(id), Buffer.from(state))
      .pexpire(docKey(id), ttl)
      .exec();
  }

  async sweep(): Promise<void> {
    // Redis expires gone rooms by itself.
  }

  async close(): Promise<void> {
    // The connection belongs to redisSetup.ts, which closes it.
  }
}
