// The lab server's settings from the environment (npm run serve, npm start), each checked
// with a message that names the variable.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface EnvConfig {
  port: number;
  host: string;
  redisUrl: string | null;
  idleMs: number;
  trustProxy: boolean;
  publicUrl: string | null;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name}=${raw}: expected a whole number from ${min} to ${max}`);
  return n;
}

export function readEnv(
  env: NodeJS.ProcessEnv,
  defaults: { port: number; host: string },
): EnvConfig {
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl))
    throw new ConfigError(`REDIS_URL=${redisUrl}: expected redis://host:port or rediss://...`);
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl !== null && !/^https?:\/\/[^\s]+$/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL=${publicUrl}: expected http(s)://host[:port][/path]`);
  return {
    port: int(env, 'PORT', defaults.port, 0, 65535),
    host: env.HOST?.trim() || defaults.host,
    redisUrl,
    idleMs: int(env, 'ROOM_IDLE_MINUTES', 120, 1, 7 * 24 * 60) * 60_000,
    trustProxy: env.TRUST_PROXY === '1',
    publicUrl,
  };
}

/** The workshop decks (lessons/decks/<slug>.md). */
export function deckSlugs(root = REPO_ROOT): string[] {
  const dir = `${root}lessons/decks`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort();
}
