// The lab server: fastify for the Room API and the built app, socket.io for live rooms.
// Everything it depends on is injected (store, clock, limits), so tests run it on a manual
// clock and the Redis mode swaps the store, the limiters and the socket.io adapter.
//
// One more fastify plugin (say, real Redis runs) goes in through `plugins`, or by calling
// `server.app.register(...)` before `listen`.
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import { roomApi } from './api';
import { systemClock, type Clock } from './clock';
import { MemoryLimiter, type BucketSpec, type RateLimiter } from './limiter';
import { Live } from './live';
import { MemoryRoomStore, type RoomStore } from './roomStore';

export interface Limits {
  /** /api requests per client address. */
  api: BucketSpec;
  /** Failed joins (unknown code, wrong secret) per client address. */
  join: BucketSpec;
  /** Live messages per connection. */
  messages: BucketSpec;
  /** Largest live message, bytes (socket.io refuses a larger one by closing the connection). */
  messageBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  api: { capacity: 60, refillPerSecond: 1 },
  join: { capacity: 10, refillPerSecond: 1 / 6 },
  messages: { capacity: 120, refillPerSecond: 40 },
  messageBytes: 96 * 1024,
};

export interface LabServerOptions {
  store?: RoomStore;
  clock?: Clock;
  limits?: Partial<Limits>;
  /** Limiters shared by instances (Redis); absent: in this process. */
  apiLimiter?: RateLimiter;
  joinLimiter?: RateLimiter;
  /** A room with nothing happening for this long expires (default 2 hours). */
  idleMs?: number;
  /** How long a gone room still answers 410 before it is forgotten (404). */
  keepGoneMs?: number;
  /** Serve the built app from this folder (npm run serve). */
  staticRoot?: string;
  decks?: readonly string[];
  publicUrl?: string;
  /** socket.io adapter (Redis) and whether other instances share the rooms. */
  adapter?: ServerOptions['adapter'];
  multiInstance?: boolean;
  /** Sweep idle rooms every this many ms (0: only when `sweep()` is called, as tests do). */
  sweepEveryMs?: number;
  trustProxy?: boolean;
  logger?: boolean;
  plugins?: { plugin: FastifyPluginAsync<never>; options?: unknown }[];
  maxParticipants?: { interview: number; workshop: number };
}

export interface LabServer {
  app: FastifyInstance;
  io: SocketServer;
  live: Live;
  store: RoomStore;
  /** Starts listening; resolves to the port (0 picks a free one). */
  listen(port: number, host?: string): Promise<number>;
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export function createServer(opts: LabServerOptions = {}): LabServer {
  const clock = opts.clock ?? systemClock;
  const store = opts.store ?? new MemoryRoomStore();
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const apiLimiter = opts.apiLimiter ?? new MemoryLimiter(limits.api, clock);
  const joinLimiter = opts.joinLimiter ?? new MemoryLimiter(limits.join, clock);
  const idleMs = opts.idleMs ?? 2 * 60 * 60 * 1000;
  const keepGoneMs = opts.keepGoneMs ?? 24 * 60 * 60 * 1000;

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 16 * 1024,
  });
  const io = new SocketServer(app.server, {
    maxHttpBufferSize: limits.messageBytes,
    serveClient: false,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
  });
  const live = new Live({
    io,
    store,
    clock,
    joinLimiter,
    messageLimit: limits.messages,
    maxParticipants: opts.maxParticipants ?? { interview: 8, workshop: 2000 },
    multiInstance: opts.multiInstance ?? false,
    addressOf: (s) => {
      const fwd = s.handshake.headers['x-forwarded-for'];
      if (opts.trustProxy && typeof fwd === 'string') return fwd.split(',')[0]!.trim();
      return s.handshake.address;
    },
  });

  roomApi(app, {
    store,
    clock,
    apiLimiter,
    joinLimiter,
    idleMs,
    ...(opts.decks ? { decks: opts.decks } : {}),
    ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
    onClosed: (id) => void live.sweepRoom(id),
  });
  for (const p of opts.plugins ?? []) void app.register(p.plugin, p.options as never);
  if (opts.staticRoot) void app.register(fastifyStatic, { root: opts.staticRoot, wildcard: true });

  const sweep = async () => {
    await live.sweep();
    await store.sweep(clock.now(), keepGoneMs);
    for (const l of [apiLimiter, joinLimiter]) if (l instanceof MemoryLimiter) l.sweep();
  };
  let timer: NodeJS.Timeout | null = null;

  return {
    app,
    io,
    live,
    store,
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host });
      const every = opts.sweepEveryMs ?? 30_000;
      if (every > 0) {
        timer = setInterval(() => void sweep().catch((e: unknown) => app.log.error(e)), every);
        timer.unref();
      }
      const a = app.server.address();
      return typeof a === 'object' && a !== null ? a.port : port;
    },
    sweep,
    async close() {
      if (timer) clearInterval(timer);
      live.close();
      io.disconnectSockets(true);
      await new Promise<void>((r) => io.close(() => r()));
      await app.close().catch(() => undefined);
      await store.close();
    },
  };
}
