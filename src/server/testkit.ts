// Test helpers: a lab server on a free loopback port with a manual clock, and socket.io
// clients that record every frame they receive (the wire check reads those). `serverPerTest`
// gives a test file one server per test, its clients, and the interview and workshop rooms the
// live tests open, all closed after each test.
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect } from 'vitest';
import { ManualClock } from './clock';
import { createServer, type LabServer, type LabServerOptions } from './createServer';

export interface Running {
  server: LabServer;
  clock: ManualClock;
  base: string;
  port: number;
}

export async function start(opts: LabServerOptions = {}): Promise<Running> {
  const clock = (opts.clock as ManualClock | undefined) ?? new ManualClock();
  const server = createServer({ sweepEveryMs: 0, ...opts, clock });
  const port = await server.listen(0);
  return { server, clock, port, base: `http://127.0.0.1:${port}` };
}

export interface Created {
  id: string;
  code: string;
  hostUrl: string;
  joinUrl: string;
  secret: string;
}

export async function createRoom(base: string, body: object): Promise<Created> {
  const res = await fetch(`${base}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create room: ${res.status} ${await res.text()}`);
  return (await res.json()) as Created;
}

export interface Client {
  socket: Socket;
  /** Every engine.io packet's data this client received, as text (binary as hex and latin1). */
  frames: string[];
  /** Events by name, in arrival order. */
  events: { name: string; args: unknown[] }[];
  welcome: Promise<Record<string, unknown>>;
}

export function client(base: string, auth: Record<string, unknown>): Client {
  const socket = connect(base, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const frames: string[] = [];
  const events: Client['events'] = [];
  socket.io.on('open', () => {
    socket.io.engine.on('packet', (p: { data?: unknown }) => {
      const d = p.data;
      if (typeof d === 'string') frames.push(d);
      else if (d instanceof ArrayBuffer || ArrayBuffer.isView(d)) {
        const b = d instanceof ArrayBuffer ? Buffer.from(d) : Buffer.from((d as Uint8Array).buffer);
        frames.push(b.toString('latin1'));
      }
    });
  });
  socket.onAny((name: string, ...args: unknown[]) => events.push({ name, args }));
  const welcome = new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.once('welcome', resolve);
    socket.once('connect_error', (e: Error & { data?: unknown }) =>
      reject(Object.assign(new Error(e.message), { data: e.data })),
    );
  });
  return { socket, frames, events, welcome };
}

export type Ack =
  | { ok: true }
  | { ok: false; error: { status: number; code: string; message: string; field?: string } };

export function send(c: Client | Socket, event: string, payload?: unknown): Promise<Ack> {
  const s = 'socket' in c ? c.socket : c;
  return s.timeout(10_000).emitWithAck(event, payload) as Promise<Ack>;
}

/** Resolves with the next `event` whose first argument passes `test`. */
export function next<T = unknown>(
  c: Client,
  event: string,
  test: (x: T) => boolean = () => true,
): Promise<T> {
  const seen = c.events.find((e) => e.name === event && test(e.args[0] as T));
  if (seen) return Promise.resolve(seen.args[0] as T);
  return new Promise((resolve) => {
    const on = (x: T) => {
      if (!test(x)) return;
      c.socket.off(event, on);
      resolve(x);
    };
    c.socket.on(event, on);
  });
}

/** Resolves once the socket is disconnected. */
export function closed(c: Client): Promise<string> {
  if (c.socket.disconnected && c.socket.id === undefined && c.events.length)
    return Promise.resolve('gone');
  return new Promise((r) => c.socket.once('disconnect', (why) => r(why)));
}

export interface ServerKit {
  /** Start this test's server (closed after the test, with every client it joined). */
  start(opts?: LabServerOptions): Promise<Running>;
  /** A client of this test's server, disconnected after the test. */
  join(auth: Record<string, unknown>): Client;
  /** An interview room with its host and a candidate, both welcomed. */
  interview(): Promise<{ room: Created; host: Client; cand: Client }>;
  /** A workshop room on the make-it-atomic deck with its presenter and `n` learners, welcomed. */
  workshop(n: number): Promise<{ room: Created; host: Client; learners: Client[] }>;
}

/** Call once at a test file's top level. */
export function serverPerTest(): ServerKit {
  let current: Running | null = null;
  const clients: Client[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.socket.disconnect();
    await current?.server.close();
    current = null;
  });
  const base = (): string => {
    if (!current) throw new Error('start() the test server first');
    return current.base;
  };
  const join = (auth: Record<string, unknown>): Client => {
    const c = client(base(), auth);
    clients.push(c);
    return c;
  };
  return {
    start: async (opts) => (current = await start(opts)),
    join,
    async interview() {
      const room = await createRoom(base(), { kind: 'interview' });
      const host = join({ room: room.id, secret: room.secret });
      const cand = join({ room: room.code });
      await Promise.all([host.welcome, cand.welcome]);
      return { room, host, cand };
    },
    async workshop(n) {
      const room = await createRoom(base(), { kind: 'workshop', deck: 'make-it-atomic' });
      const host = join({ room: room.id, secret: room.secret });
      const learners = Array.from({ length: n }, (_, i) =>
        join({ room: room.id, nick: `learner ${i}` }),
      );
      await Promise.all([host.welcome, ...learners.map((l) => l.welcome)]);
      return { room, host, learners };
    },
  };
}

/** What an ack refusing a message looks like: its status, and the field it names. */
export const refusal = (status: number, field?: string) => ({
  ok: false,
  error: expect.objectContaining({ status, ...(field ? { field } : {}) }),
});
