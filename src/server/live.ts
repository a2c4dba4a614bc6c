// The live channel (socket.io), server-authoritative. A connection's role comes from its
// handshake only (the host secret, checked here), never from a message. Every message is
// rate limited per connection, validated by its event's validator (events.ts, yRoom.ts),
// applied to the room through the RoomStore, and answered through its acknowledgement (or a
// "problem" event). State goes out by audience: `room:<id>:all` gets the public view only,
// `room:<id>:host` the host's view, `room:<id>:p:<token>` one participant's own record, so
// host data is never addressed to a participant's connection.
import type { Server, Socket } from 'socket.io';
import { BadInput, record, text } from './check';
import type { Clock } from './clock';
import { LIMITS, parseNick, ROLES, STATE_EVENTS } from './events';
import { newToken, normalizeCode, secretMatches } from './ids';
import { MemoryLimiter, type BucketSpec, type RateLimiter } from './limiter';
import {
  hostView,
  publicView,
  roomGone,
  selfView,
  type Role,
  type RoomRecord,
} from '../core/live/room';
import type { RoomStore } from './roomStore';
import { YRoom, Y_LIMITS } from './yRoom';
import { bytes } from './check';

export interface LiveOptions {
  io: Server;
  store: RoomStore;
  clock: Clock;
  /** Failed join attempts (unknown code, wrong secret) per client address. */
  joinLimiter: RateLimiter;
  /** Messages per connection. */
  messageLimit: BucketSpec;
  maxParticipants: { interview: number; workshop: number };
  /** Several instances share rooms (Redis): tell the others about code edits. */
  multiInstance: boolean;
  addressOf(socket: Socket): string;
}

export interface Problem {
  status: number;
  code: string;
  message: string;
  field?: string;
}

export class LiveError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.message);
  }
}

const gone = (reason: 'closed' | 'expired'): Problem => ({
  status: 410,
  code: reason === 'closed' ? 'room-closed' : 'room-expired',
  message:
    reason === 'closed'
      ? 'This room was closed by its host.'
      : 'This room expired after being idle.',
});

interface ConnData {
  roomId: string;
  role: Role;
  /** The participant's rejoin token; null for a host. */
  token: string | null;
}

const isHost = (r: Role) => r === 'host' || r === 'presenter';

export const audience = {
  all: (id: string) => `room:${id}:all`,
  host: (id: string) => `room:${id}:host`,
  self: (id: string, token: string) => `room:${id}:p:${token}`,
};

export class Live {
  private readonly perConnection: MemoryLimiter;
  private readonly yRooms = new Map<string, Promise<YRoom>>();
  private readonly pending = new Map<string, RoomRecord>();
  /** Rooms whose host view changed since the last flush. */
  private readonly pendingHost = new Set<string>();
  private flushScheduled = false;

  constructor(private readonly o: LiveOptions) {
    this.perConnection = new MemoryLimiter(o.messageLimit, o.clock);
    o.io.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (e: unknown) => next(asConnectError(e)),
      );
    });
    o.io.on('connection', (socket) => this.connected(socket));
  }

  /** The handshake: which room, which role; participants get (or keep) their record. */
  private async admit(socket: Socket): Promise<void> {
    const { store, clock } = this.o;
    const a = record(socket.handshake.auth ?? {}, 'auth', ['room', 'secret', 'token', 'nick']);
    const addr = this.o.addressOf(socket);
    const peek = await this.o.joinLimiter.peek(addr);
    if (!peek.allowed)
      throw new LiveError({
        status: 429,
        code: 'too-many-join-attempts',
        message: `Too many wrong room codes from this address: retry after ${peek.retryAfterSeconds} s.`,
      });
    const code = normalizeCode(a.room);
    if (code === null) {
      await this.o.joinLimiter.take(addr);
      throw new BadInput('room', 'room: not a room code (8 letters and digits, like ABCD-2345)');
    }
    const room = await store.get(code);
    if (room === null) {
      await this.o.joinLimiter.take(addr);
      throw new LiveError({
        status: 404,
        code: 'room-not-found',
        message: `No room has the code ${code}.`,
        field: 'room',
      });
    }
    const why = roomGone(room, clock.now());
    if (why) throw new LiveError(gone(why));
    const roles = ROLES[room.kind];
    if (a.secret !== undefined) {
      if (!secretMatches(a.secret, room.secretHash)) {
        await this.o.joinLimiter.take(addr);
        throw new LiveError({
          status: 403,
          code: 'wrong-secret',
          message: 'The host secret is wrong.',
          field: 'secret',
        });
      }
      socket.data = { roomId: code, role: roles.host, token: null } satisfies ConnData;
      return;
    }
    const token = a.token === undefined ? null : text(a.token, 'token', { max: 64, min: 1 });
    const nick =
      a.nick === undefined
        ? room.kind === 'interview'
          ? 'Candidate'
          : null
        : parseNick(a.nick, 'nick');
    let mine = token;
    await store.update(code, (r) => {
      if (mine !== null && r.participants[mine]) {
        if (nick !== null && a.nick !== undefined)
          r.participants[mine] = { ...r.participants[mine]!, nick };
        return r;
      }
      if (nick === null) throw new BadInput('nick', 'nick: choose a nickname to join a workshop');
      if (Object.keys(r.participants).length >= this.o.maxParticipants[r.kind])
        throw new LiveError({ status: 409, code: 'room-full', message: 'This room is full.' });
      mine = newToken();
      r.participants[mine] = {
        id: newToken().slice(0, 8),
        nick,
        joinedAt: clock.now(),
        prediction: null,
        problems: {},
        stuck: false,
      };
      r.rev++;
      return r;
    });
    socket.data = { roomId: code, role: roles.guest, token: mine } satisfies ConnData;
  }

  private connected(socket: Socket): void {
    const c = socket.data as ConnData;
    const ready = this.welcome(socket, c);
    socket.onAny((event: unknown, ...args: unknown[]) => {
      void ready.then(() => this.dispatch(socket, c, event, args));
    });
    socket.on('disconnect', () => {
      this.perConnection.forget(socket.id);
      const y = this.yRooms.get(c.roomId);
      if (y)
        void y.then((r) => {
          const u = r.leave(socket.id);
          if (u) this.o.io.to(audience.all(c.roomId)).emit('awareness', u);
        });
    });
  }

  private async welcome(socket: Socket, c: ConnData): Promise<void> {
    const r = await this.o.store.get(c.roomId);
    if (r === null) return void socket.disconnect(true);
    await socket.join(
      isHost(c.role)
        ? [audience.all(r.id), audience.host(r.id)]
        : [audience.all(r.id), audience.self(r.id, c.token!)],
    );
    const me = c.token === null ? undefined : r.participants[c.token];
    socket.emit('welcome', {
      role: c.role,
      room: publicView(r),
      ...(isHost(c.role) ? { host: hostView(r) } : {}),
      ...(me ? { you: { token: c.token, ...selfView(me) } } : {}),
    });
    if (r.kind === 'interview') {
      const y = await this.freshY(r.id);
      socket.emit('y', y.state());
      const aw = y.awarenessState();
      if (aw) socket.emit('awareness', aw);
    }
    if (!isHost(c.role)) this.publish(r);
  }

  private yRoom(id: string): Promise<YRoom> {
    let y = this.yRooms.get(id);
    if (!y) {
      y = this.o.store.loadDoc(id).then((u) => new YRoom(u));
      this.yRooms.set(id, y);
    }
    return y;
  }

  private async dispatch(
    socket: Socket,
    c: ConnData,
    event: unknown,
    args: unknown[],
  ): Promise<void> {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (args.pop() as (res: unknown) => void) : null;
    const name = typeof event === 'string' ? event.slice(0, 40) : '?';
    const reply = (res: { ok: true } | { ok: false; error: Problem }) => {
      if (ack) ack(res);
      else if (!res.ok) socket.emit('problem', { event: name, ...res.error });
    };
    try {
      const d = this.perConnection.takeNow(socket.id);
      if (!d.allowed)
        throw new LiveError({
          status: 429,
          code: 'rate-limited',
          message: `Too many messages on this connection: retry after ${d.retryAfterSeconds} s.`,
        });
      if (args.length > 1) throw new BadInput('payload', 'payload: send one value per message');
      await this.handle(socket, c, name, args[0]);
      reply({ ok: true });
    } catch (e) {
      reply({ ok: false, error: toProblem(e) });
    }
  }

  private async handle(
    socket: Socket,
    c: ConnData,
    event: string,
    payload: unknown,
  ): Promise<void> {
    const { store, clock } = this.o;
    const live = (room: RoomRecord | null): RoomRecord => {
      if (room === null)
        throw new LiveError({ status: 404, code: 'room-not-found', message: 'This room is gone.' });
      const why = roomGone(room, clock.now());
      if (why) throw new LiveError(gone(why));
      return room;
    };
    if (event === 'y' || event === 'awareness' || event === 'code') {
      const room = live(await store.get(c.roomId));
      if (room.kind !== 'interview' || (isHost(c.role) === false && c.role !== 'candidate'))
        throw forbidden(event, c.role);
      return this.coEdit(socket, c, event, payload);
    }
    const ev = STATE_EVENTS[event];
    if (!ev)
      throw new LiveError({
        status: 400,
        code: 'unknown-event',
        message: `Unknown event "${event}".`,
      });
    if (!ev.roles.includes(c.role)) throw forbidden(event, c.role);
    const msg = ev.parse(payload);
    // One read of the room per message: the update's own (a step in a large workshop is on
    // the hot path).
    const next = await store.update(c.roomId, (r) => {
      const out = ev.apply(live(r), msg, c.token);
      out.rev = r.rev + 1;
      out.lastActive = clock.now();
      if (event === 'close') out.closedAt = clock.now();
      return out;
    });
    if (next === null)
      throw new LiveError({ status: 404, code: 'room-not-found', message: 'This room is gone.' });
    if (c.token !== null) {
      const me = next.participants[c.token];
      if (me) this.o.io.to(audience.self(next.id, c.token)).emit('you', selfView(me));
    }
    // A new or cleared prediction empties every learner's answer: each hears its own.
    if (event === 'predict:open' || event === 'predict:clear')
      for (const [token, p] of Object.entries(next.participants))
        this.o.io.to(audience.self(next.id, token)).emit('you', selfView(p));
    if (event === 'close') {
      // After the host's acknowledgement has gone out.
      setImmediate(() => void this.sweepRoom(next.id));
      return;
    }
    this.publish(next, ev.hostUnchanged !== true);
  }

  /**
   * The room's document, caught up with what other instances stored (several instances: the
   * store's list of updates is the one order every instance follows).
   */
  private async freshY(id: string): Promise<YRoom> {
    const y = await this.yRoom(id);
    if (this.o.multiInstance) y.catchUp(await this.o.store.loadDoc(id, y.applied));
    return y;
  }

  private async coEdit(
    socket: Socket,
    c: ConnData,
    event: string,
    payload: unknown,
  ): Promise<void> {
    const y = await this.freshY(c.roomId);
    const all = audience.all(c.roomId);
    if (event === 'awareness') {
      y.applyAwareness(bytes(payload, 'update', Y_LIMITS.awarenessBytes), socket.id);
      socket.to(all).emit('awareness', payload);
      return;
    }
    let update: Uint8Array;
    if (event === 'y') {
      update = new Uint8Array(bytes(payload, 'update', Y_LIMITS.updateBytes));
      y.apply(update);
    } else {
      const t = text(record(payload, '', ['text']).text, 'text', { max: Y_LIMITS.codeChars });
      update = y.replace(t);
    }
    // Stored before anyone hears of it, so an instance acting on what a page saw finds it.
    const length = await this.o.store.appendDoc(c.roomId, update);
    // Ours was the next one: counted. Otherwise another instance's came first; the next
    // catch-up applies both (a Yjs update applied twice changes nothing).
    if (length === y.applied + 1) y.applied = length;
    if (event === 'y') socket.to(all).emit('y', update);
    else this.o.io.to(all).emit('y', update);
    await this.o.store.update(c.roomId, (r) => ({ ...r, lastActive: this.o.clock.now() }));
  }

  /** Sends a room's views to its audiences, once per tick however many changes came in it. */
  private publish(r: RoomRecord, forHost = true): void {
    const had = this.pending.get(r.id);
    if (!had || had.rev <= r.rev) this.pending.set(r.id, r);
    if (forHost) this.pendingHost.add(r.id);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const rooms = [...this.pending.values()];
      const host = new Set(this.pendingHost);
      this.pending.clear();
      this.pendingHost.clear();
      for (const room of rooms) {
        this.o.io.to(audience.all(room.id)).emit('state', publicView(room));
        // A step of a large workshop leaves the host's view as it was: not sent again (it
        // lists every learner, and with several instances it goes through Redis).
        if (host.has(room.id)) this.o.io.to(audience.host(room.id)).emit('host', hostView(room));
      }
    });
  }

  /** Ends the connections of one room if it is gone (a host closed it over HTTP). */
  async sweepRoom(id: string): Promise<void> {
    const r = await this.o.store.get(id);
    const why = r === null ? 'expired' : roomGone(r, this.o.clock.now());
    if (!why) return;
    this.o.io.to(audience.all(id)).emit('closed', gone(why));
    this.o.io.in(audience.all(id)).disconnectSockets(true);
  }

  /** Ends the connections of rooms that closed or went idle; forgets unused documents. */
  async sweep(): Promise<void> {
    const local = [...this.o.io.of('/').adapter.rooms.keys()].filter((k) =>
      /^room:[^:]+:all$/.test(k),
    );
    for (const key of local) await this.sweepRoom(key.split(':')[1]!);
    for (const [id, y] of this.yRooms) {
      if (this.o.io.of('/').adapter.rooms.has(audience.all(id))) continue;
      this.yRooms.delete(id);
      const room = await y;
      // One instance may compact the stored updates; with several, others count positions in it.
      if (!this.o.multiInstance) await this.o.store.replaceDoc(id, room.state());
      room.destroy();
    }
    this.perConnection.sweep();
  }

  close(): void {
    for (const y of this.yRooms.values()) void y.then((r) => r.destroy());
    this.yRooms.clear();
  }
}

function forbidden(event: string, role: Role): LiveError {
  return new LiveError({
    status: 403,
    code: 'forbidden',
    message: `A ${role} may not send "${event}".`,
  });
}

export function toProblem(e: unknown): Problem {
  if (e instanceof LiveError) return e.problem;
  if (e instanceof BadInput)
    return { status: 400, code: 'bad-message', message: e.message, field: e.field };
  return {
    status: 500,
    code: 'server-error',
    message: 'The server could not handle this message.',
  };
}

function asConnectError(e: unknown): Error {
  const p = toProblem(e);
  const err = new Error(p.message) as Error & { data: Problem };
  err.data = p;
  return err;
}

export { LIMITS };
