// The real-Redis routes as one plugin of the lab server (createServer's `plugins`): the target
// comes from REDIS_URL or REDIS_CLUSTER_URL (REAL_REDIS_ALLOW_REMOTE=1 for a host outside the
// loopback range), each run's key prefix from REAL_REDIS_PREFIX (default ratelab:).
import type { FastifyPluginAsync } from 'fastify';
import { realRedisRoutes } from './routes';
import { loadTarget } from './target';

export function realRedisPlugin(env: NodeJS.ProcessEnv = process.env): {
  plugin: FastifyPluginAsync<never>;
} {
  const { target, problem } = loadTarget(env);
  return {
    plugin: async (app) =>
      realRedisRoutes(app, {
        target,
        problem,
        ...(env.REAL_REDIS_PREFIX ? { prefixBase: env.REAL_REDIS_PREFIX } : {}),
      }),
  };
}
