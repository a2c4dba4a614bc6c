// `npm run serve`: the production build (dist/) and the live API on PORT (default 8080).
// With REDIS_URL, rooms and their fan-out live in Redis, so several instances serve one room.
import { existsSync } from 'node:fs';
import { ConfigError, deckSlugs, readEnv, REPO_ROOT } from './config';
import { createServer } from './createServer';
import { realRedisPlugin } from './real/plugin';
import { redisOptions } from './redisSetup';

async function main(): Promise<void> {
  const cfg = readEnv(process.env, { port: 8080, host: '0.0.0.0' });
  const dist = `${REPO_ROOT}dist`;
  if (!existsSync(`${dist}/index.html`))
    throw new ConfigError(`no production build in ${dist}: run \`npm run build\` first`);
  const redis = cfg.redisUrl ? await redisOptions(cfg.redisUrl) : null;
  const server = createServer({
    staticRoot: dist,
    decks: deckSlugs(),
    plugins: [realRedisPlugin()],
    idleMs: cfg.idleMs,
    trustProxy: cfg.trustProxy,
    logger: false,
    ...(cfg.publicUrl ? { publicUrl: cfg.publicUrl } : {}),
    ...(redis ? redis.options : {}),
  });
  const port = await server.listen(cfg.port, cfg.host);
  const shown = cfg.host === '0.0.0.0' ? '127.0.0.1' : cfg.host;
  console.log(
    `Rate Limit Lab with live rooms on http://${shown}:${port} (rooms in ${redis ? 'Redis' : 'this process'})`,
  );
  const stop = () =>
    void server
      .close()
      .then(() => redis?.close())
      .finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? `lab server: ${e.message}` : e);
  process.exit(2);
});
