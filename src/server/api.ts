// The Room API (docs/live.md): create a room, read its public summary, close it, and /healthz.
// Every /api request is rate limited per client address by the lab's token bucket; a refusal is
// the 429 the lab teaches (Retry-After, problem+json, RateLimit fields).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadInput, fail, record, text, SLUG, SLUG_HELP } from './check';
import type { Clock } from './clock';
import {
  displayCode,
  hashSecret,
  newRoomCode,
  newSecret,
  normalizeCode,
  secretMatches,
} from './ids';
import { limitedResponse, type RateLimiter } from './limiter';
import { problem, sendProblem } from './problem';
import { expiresAt, newRoom, publicView, roomGone, type RoomKind } from '../core/live/room';
import type { RoomStore } from './roomStore';

export interface ApiOptions {
  store: RoomStore;
  clock: Clock;
  apiLimiter: RateLimiter;
  joinLimiter: RateLimiter;
  idleMs: number;
  /** Deck slugs a workshop may use (absent: any slug of the right form). */
  decks?: readonly string[];
  /** Origin for the links (absent: the request's own). */
  publicUrl?: string;
  /** Called when a host closes a room over HTTP (the live channel ends its connections). */
  onClosed?(id: string): void;
}

function parseCreate(
  body: unknown,
  decks: readonly string[] | undefined,
): { kind: RoomKind; deck: string | null } {
  const o = record(body, 'body', ['kind', 'deck']);
  if (o.kind !== 'interview' && o.kind !== 'workshop')
    fail(
      'kind',
      o.kind === undefined
        ? 'required: "interview" or "workshop"'
        : 'expected "interview" or "workshop"',
    );
  if (o.kind === 'interview') {
    if (o.deck !== undefined) fail('deck', 'only a workshop has a deck');
    return { kind: 'interview', deck: null };
  }
  if (o.deck === undefined) fail('deck', 'required for a workshop: the deck slug');
  const deck = text(o.deck, 'deck', { max: 64, min: 1, pattern: SLUG, patternHelp: SLUG_HELP });
  if (decks && !decks.includes(deck))
    fail('deck', `no deck "${deck}" (decks: ${decks.join(', ')})`);
  return { kind: 'workshop', deck };
}

function origin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : undefined;
}

export function roomApi(app: FastifyInstance, o: ApiOptions): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const d = await o.apiLimiter.take(req.ip);
    const h = limitedResponse('api', o.apiLimiter.spec, d, req.ip);
    for (const [k, v] of h.draftHeaders) reply.header(k, v);
    if (d.allowed) return;
    for (const [k, v] of h.headers) reply.header(k, v);
    return reply.code(429).send(h.body);
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (err instanceof BadInput)
      return sendProblem(reply, problem(400, 'bad-request', err.message, err.field));
    const status = err.statusCode ?? 500;
    if (status === 413)
      return sendProblem(reply, problem(413, 'too-large', 'The request body is too large.'));
    if (status === 415)
      return sendProblem(
        reply,
        problem(415, 'unsupported-media-type', 'Send the body as application/json.'),
      );
    if (status === 400)
      return sendProblem(
        reply,
        problem(400, 'bad-request', `The body is not valid JSON: ${err.message}`, 'body'),
      );
    if (status >= 500) app.log.error(err);
    return sendProblem(
      reply,
      problem(status, 'error', status >= 500 ? 'The server failed.' : err.message),
    );
  });

  app.setNotFoundHandler((req, reply) =>
    sendProblem(
      reply,
      problem(404, 'not-found', `Nothing at ${req.method} ${req.url.split('?')[0]}.`),
    ),
  );

  app.get('/healthz', async () => ({ ok: true }));

  app.post('/api/rooms', { bodyLimit: 4096 }, async (req, reply) => {
    const { kind, deck } = parseCreate(
      req.body ?? fail('body', 'required: {"kind": ...}'),
      o.decks,
    );
    const secret = newSecret();
    const now = o.clock.now();
    let id = newRoomCode();
    for (
      let i = 0;
      !(await o.store.create(newRoom(id, kind, deck, hashSecret(secret), now, o.idleMs)));
      i++
    ) {
      if (i > 8) throw new Error('no free room code');
      id = newRoomCode();
    }
    const base = origin(req, o.publicUrl);
    const hostPath = kind === 'interview' ? 'host' : 'present';
    return reply.code(201).send({
      id,
      code: displayCode(id),
      kind,
      deck,
      hostUrl: `${base}/#/live/${id}/${hostPath}?secret=${secret}`,
      joinUrl: `${base}/#/live/${id}`,
      secret,
      expiresAt: now + o.idleMs,
      idleSeconds: Math.round(o.idleMs / 1000),
    });
  });

  const lookup = async (raw: string, ip: string) => {
    const id = normalizeCode(raw);
    const peek = await o.joinLimiter.peek(ip);
    if (!peek.allowed) {
      const h = limitedResponse('join', o.joinLimiter.spec, peek, ip);
      return { t: 'refused', h } as const;
    }
    const r = id === null ? null : await o.store.get(id);
    if (r === null) {
      await o.joinLimiter.take(ip);
      return { t: 'missing' } as const;
    }
    return { t: 'room', room: r } as const;
  };

  app.get<{ Params: { id: string } }>('/api/rooms/:id', async (req, reply) => {
    const l = await lookup(req.params.id, req.ip);
    if (l.t === 'refused') {
      for (const [k, v] of [...l.h.headers, ...l.h.draftHeaders]) reply.header(k, v);
      return reply.code(429).send(l.h.body);
    }
    if (l.t === 'missing')
      return sendProblem(
        reply,
        problem(404, 'room-not-found', `No room has the code ${req.params.id.slice(0, 40)}.`, 'id'),
      );
    const why = roomGone(l.room, o.clock.now());
    if (why)
      return sendProblem(
        reply,
        problem(
          410,
          `room-${why}`,
          `This room ${why === 'closed' ? 'was closed by its host' : 'expired after being idle'}.`,
        ),
      );
    const v = publicView(l.room);
    return {
      id: v.id,
      code: displayCode(v.id),
      kind: v.kind,
      deck: v.deck,
      learners: v.learners,
      expiresAt: expiresAt(l.room),
      idleSeconds: v.idleSeconds,
    };
  });

  app.delete<{ Params: { id: string } }>('/api/rooms/:id', async (req, reply) => {
    const l = await lookup(req.params.id, req.ip);
    if (l.t === 'refused') {
      for (const [k, v] of [...l.h.headers, ...l.h.draftHeaders]) reply.header(k, v);
      return reply.code(429).send(l.h.body);
    }
    if (l.t === 'missing')
      return sendProblem(
        reply,
        problem(404, 'room-not-found', `No room has the code ${req.params.id.slice(0, 40)}.`, 'id'),
      );
    if (!secretMatches(bearer(req), l.room.secretHash)) {
      await o.joinLimiter.take(req.ip);
      return sendProblem(
        reply,
        problem(
          403,
          'wrong-secret',
          'Closing a room needs its host secret (Authorization: Bearer <secret>).',
          'authorization',
        ),
      );
    }
    const why = roomGone(l.room, o.clock.now());
    if (why) return sendProblem(reply, problem(410, `room-${why}`, 'This room is already gone.'));
    await o.store.update(l.room.id, (r) => ({ ...r, closedAt: o.clock.now(), rev: r.rev + 1 }));
    o.onClosed?.(l.room.id);
    return reply.code(204).send();
  });
}
