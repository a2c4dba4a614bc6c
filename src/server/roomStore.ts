// Where rooms live. The server reads and writes rooms only through this interface, so the
// embedded default (MemoryRoomStore, this process's memory) and Redis (redisRoomStore.ts, for
// several instances behind a load balancer) are interchangeable.
import type { RoomRecord } from '../core/live/room';

export interface RoomStore {
  /** Stores a new room; false when the id is taken. */
  create(room: RoomRecord): Promise<boolean>;
  get(id: string): Promise<RoomRecord | null>;
  /**
   * Applies `change` to the room as one step (no other update interleaves) and stores the
   * result. `change` may throw to refuse; it must not keep the record it is given.
   */
  update(id: string, change: (r: RoomRecord) => RoomRecord): Promise<RoomRecord | null>;
  /** Appends a binary Yjs update of the room's shared code; resolves to the list's new length. */
  appendDoc(id: string, update: Uint8Array): Promise<number>;
  /** The stored updates of the room's code from position `from` on, oldest first. */
  loadDoc(id: string, from?: number): Promise<Uint8Array[]>;
  /** Replaces the stored updates with one (compaction). */
  replaceDoc(id: string, state: Uint8Array): Promise<void>;
  /** Forgets rooms gone (closed or idle) for longer than `keepGoneMs`. */
  sweep(now: number, keepGoneMs: number): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRoomStore implements RoomStore {
  private rooms = new Map<string, RoomRecord>();
  private docs = new Map<string, Uint8Array[]>();

  create(room: RoomRecord): Promise<boolean> {
    if (this.rooms.has(room.id)) return Promise.resolve(false);
    this.rooms.set(room.id, structuredClone(room));
    return Promise.resolve(true);
  }

  get(id: string): Promise<RoomRecord | null> {
    const r = this.rooms.get(id);
    return Promise.resolve(r === undefined ? null : structuredClone(r));
  }

  async update(id: string, change: (r: RoomRecord) => RoomRecord): Promise<RoomRecord | null> {
    const r = this.rooms.get(id);
    if (r === undefined) return null;
    const next = change(structuredClone(r));
    this.rooms.set(id, next);
    return structuredClone(next);
  }

  appendDoc(id: string, update: Uint8Array): Promise<number> {
    const list = this.docs.get(id) ?? [];
    list.push(update.slice());
    this.docs.set(id, list);
    return Promise.resolve(list.length);
  }

  loadDoc(id: string, from = 0): Promise<Uint8Array[]> {
    return Promise.resolve((this.docs.get(id) ?? []).slice(from));
  }

  replaceDoc(id: string, state: Uint8Array): Promise<void> {
    this.docs.set(id, [state.slice()]);
    return Promise.resolve();
  }

  sweep(now: number, keepGoneMs: number): Promise<void> {
    for (const [id, r] of this.rooms) {
      const goneAt = r.closedAt ?? r.lastActive + r.idleMs;
      if (now >= goneAt + keepGoneMs) {
        this.rooms.delete(id);
        this.docs.delete(id);
      }
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  get size(): number {
    return this.rooms.size;
  }
}
