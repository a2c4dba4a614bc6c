// The lab server's real-Redis routes: `realRedisRoutes(app, loadTarget())` (REDIS_URL, or
// REDIS_CLUSTER_URL; REAL_REDIS_ALLOW_REMOTE=1 for a host outside the loopback range). Without a target every route
// answers 503 with how to configure one, and the browser says the same.
//   GET  /api/real/status     -> { configured, kind?, label?, message? }
//   POST /api/real/redis      { cases: [...] }                 -> { results: [...] }
//   POST /api/real/explore    { input, trials, delayMs?, lockstep? } -> { result }
//   POST /api/real/placement  { keys: [...] }                  -> { placement: [...] } (cluster)
//   POST /api/real/cluster    { keys, nodes, multiKey? }       -> { result } (the lab's sharded scene)
// Bad input answers 400 with { error } naming the field; a server that does not answer, 502.
// Runs go one at a time (a real server is shared; so is this machine).
import type { FastifyInstance } from 'fastify';
import { parseRedisCase, RedisCaseError, type RedisCase } from '../../cli/redisVerb';
import { isObj } from '../../core/util/isObj';
import { clusterPlacement } from './cluster';
import { parseSceneRun, runSceneOnCluster } from './clusterScene';
import { ConnectionError } from './connection';
import { RealRunError, runRealCases } from './redisRunner';
import { checkRaceOptions, runRealRace } from './raceRunner';
import { newPrefix } from './safety';
import { HOW_TO_CONNECT, type RealTarget } from './target';

export const MAX_CASES = 50;

export interface RealRoutesOptions {
  target: RealTarget | null;
  /** Why the configured target cannot be used (loadTarget's problem), shown instead of how-to. */
  problem?: string | null;
  /** The base of each run's key prefix (default ratelab:; REAL_REDIS_PREFIX in the lab server). */
  prefixBase?: string;
}

export function realRedisRoutes(app: FastifyInstance, opts: RealRoutesOptions): void {
  const target = opts.target;
  const none = opts.problem
    ? `The configured Redis cannot be used: ${opts.problem}`
    : HOW_TO_CONNECT;
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => null);
    return run;
  };

  app.get('/api/real/status', async () =>
    target
      ? { configured: true, kind: target.kind, label: target.label }
      : { configured: false, message: none },
  );

  const failed = (e: unknown) => {
    if (e instanceof ConnectionError || e instanceof RealRunError)
      return { status: 502, body: { error: e.message } };
    throw e;
  };

  app.post('/api/real/redis', async (req, reply) => {
    if (!target) return reply.code(503).send({ error: none });
    const body = req.body;
    if (!isObj(body) || !Array.isArray(body.cases))
      return reply.code(400).send({ error: 'cases must be an array of redis cases' });
    if (body.cases.length === 0 || body.cases.length > MAX_CASES)
      return reply.code(400).send({ error: `cases must hold 1 to ${MAX_CASES} cases` });
    let cases: RedisCase[];
    try {
      cases = body.cases.map((c: unknown, i: number) => parseRedisCase(c, `cases[${i}]`));
    } catch (e) {
      if (e instanceof RedisCaseError) return reply.code(400).send({ error: e.message });
      throw e;
    }
    try {
      return {
        results: await oneAtATime(() =>
          runRealCases(cases, { target, prefixBase: opts.prefixBase }),
        ),
      };
    } catch (e) {
      const f = failed(e);
      return reply.code(f.status).send(f.body);
    }
  });

  app.post('/api/real/explore', async (req, reply) => {
    if (!target) return reply.code(503).send({ error: none });
    const body = req.body;
    if (!isObj(body) || body.input === undefined)
      return reply.code(400).send({ error: 'input is required: the explore verb’s JSON' });
    const errs = checkRaceOptions({ trials: body.trials, delayMs: body.delayMs });
    if (body.lockstep !== undefined && typeof body.lockstep !== 'boolean')
      errs.push('lockstep must be true or false');
    if (errs.length) return reply.code(400).send({ error: errs.join('; ') });
    try {
      const r = await oneAtATime(() =>
        runRealRace(body.input, {
          target,
          prefixBase: opts.prefixBase,
          trials: body.trials as number,
          delayMs: body.delayMs as number | undefined,
          lockstep: body.lockstep === true,
        }),
      );
      return r.ok ? { result: r.result } : reply.code(400).send({ error: r.errors.join('; ') });
    } catch (e) {
      const f = failed(e);
      return reply.code(f.status).send(f.body);
    }
  });

  app.post('/api/real/cluster', async (req, reply) => {
    if (!target) return reply.code(503).send({ error: none });
    if (target.kind !== 'cluster')
      return reply.code(400).send({
        error: `${target.label} is one server, not a cluster: start the lab server with REDIS_CLUSTER_URL=redis://HOST:PORT,HOST:PORT to run the sharded scene on a cluster`,
      });
    const parsed = parseSceneRun(req.body);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.errors.join('; ') });
    try {
      return {
        result: await oneAtATime(() => runSceneOnCluster(target, parsed.input, opts.prefixBase)),
      };
    } catch (e) {
      const f = failed(e);
      return reply.code(f.status).send(f.body);
    }
  });

  app.post('/api/real/placement', async (req, reply) => {
    if (!target) return reply.code(503).send({ error: none });
    if (target.kind !== 'cluster')
      return reply.code(400).send({ error: `${target.label} is one server, not a cluster` });
    const body = req.body;
    const keys = isObj(body) ? body.keys : undefined;
    if (
      !Array.isArray(keys) ||
      keys.length === 0 ||
      keys.length > 1000 ||
      !keys.every((k) => typeof k === 'string')
    )
      return reply.code(400).send({ error: 'keys must be an array of 1 to 1000 strings' });
    try {
      return {
        placement: await oneAtATime(() =>
          clusterPlacement(target, keys as string[], newPrefix(opts.prefixBase)),
        ),
      };
    } catch (e) {
      const f = failed(e);
      return reply.code(f.status).send(f.body);
    }
  });
}
