// `npm start`: the lab at http://127.0.0.1:5173 (Vite's dev server, hot reload) with the lab
// server behind it: Vite forwards /api and /socket.io to the lab server on a free loopback port.
import { createServer as createVite } from 'vite';
import { ConfigError, deckSlugs, readEnv } from './config';
import { createServer } from './createServer';
import { realRedisPlugin } from './real/plugin';
import { redisOptions } from './redisSetup';

// Vite's note about its future config loader is about the whole repo's imports, not this launcher.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

async function main(): Promise<void> {
  const cfg = readEnv(process.env, { port: 5173, host: '127.0.0.1' });
  const redis = cfg.redisUrl ? await redisOptions(cfg.redisUrl) : null;
  const lab = createServer({
    decks: deckSlugs(),
    plugins: [realRedisPlugin()],
    idleMs: cfg.idleMs,
    ...(redis ? redis.options : {}),
  });
  const labPort = await lab.listen(0, '127.0.0.1');
  const target = `http://127.0.0.1:${labPort}`;
  const vite = await createVite({
    server: {
      host: cfg.host,
      port: cfg.port,
      strictPort: true,
      proxy: { '/api': { target }, '/healthz': { target }, '/socket.io': { target, ws: true } },
    },
  });
  await vite.listen();
  vite.printUrls();
  console.log(
    `  ➜  Live rooms: the lab server answers /api and /socket.io (${redis ? 'Redis' : 'in memory'})`,
  );
  const stop = () =>
    void Promise.all([vite.close(), lab.close()])
      .then(() => redis?.close())
      .finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? `lab server: ${e.message}` : e);
  process.exit(2);
});
