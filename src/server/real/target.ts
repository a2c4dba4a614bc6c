// Which real Redis the lab talks to, from a URL: `redis://host:port` (one server, optionally
// `redis://:password@host:port`) or `redis+cluster://host:port,host:port` (a Redis Cluster,
// seed nodes). A server outside the loopback range is someone else's machine: it needs the
// explicit allowRemote flag.
import { isIP } from 'node:net';

export interface NodeAddress {
  host: string;
  port: number;
}

export interface RealTarget {
  kind: 'single' | 'cluster';
  nodes: NodeAddress[];
  password?: string;
  /** The URL as given, without its password (for messages). */
  label: string;
}

export class TargetError extends Error {}

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (h.startsWith('::ffff:')) return isLoopback(h.slice(7));
  return false;
}

function parsePort(text: string, url: string): number {
  if (!/^\d{1,5}$/.test(text)) throw new TargetError(`${url}: the port "${text}" is not a number`);
  const port = Number(text);
  if (port < 1 || port > 65535) throw new TargetError(`${url}: the port ${port} is out of range`);
  return port;
}

function parseHostPort(part: string, url: string): NodeAddress {
  const m = /^(\[[^\]]+\]|[^:/]+)(?::([^/]*))?$/.exec(part);
  if (!m || !m[1]) throw new TargetError(`${url}: "${part}" is not host:port`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port: m[2] ? parsePort(m[2], url) : 6379 };
}

export const TARGET_HELP =
  'give redis://HOST:PORT for one server or redis+cluster://HOST:PORT,HOST:PORT for a cluster';

/**
 * Parse a target URL. `allowRemote` must be true for any host outside the loopback range.
 * Throws TargetError with a message naming what is wrong.
 */
export function parseTarget(url: string, opts: { allowRemote?: boolean } = {}): RealTarget {
  const text = url.trim();
  const m = /^(redis|rediss|redis\+cluster):\/\/(?:([^@/]*)@)?([^/?#]*)(\/[^?#]*)?$/.exec(text);
  if (!m) throw new TargetError(`"${url}" is not a Redis URL: ${TARGET_HELP}`);
  const [, scheme, auth, hosts, path] = m;
  if (scheme === 'rediss')
    throw new TargetError(`${url}: TLS (rediss://) is not supported; ${TARGET_HELP}`);
  if (path && path !== '/' && path !== '/0')
    throw new TargetError(`${url}: only database 0 is used; drop "${path}"`);
  const parts = (hosts ?? '').split(',').filter((p) => p !== '');
  if (parts.length === 0) throw new TargetError(`${url}: no host given; ${TARGET_HELP}`);
  const kind = scheme === 'redis+cluster' ? 'cluster' : 'single';
  if (kind === 'single' && parts.length > 1)
    throw new TargetError(`${url}: several hosts need redis+cluster://`);
  const nodes = parts.map((p) => parseHostPort(p, url));
  const remote = nodes.filter((n) => !isLoopback(n.host));
  if (remote.length && !opts.allowRemote)
    throw new TargetError(
      `${url}: ${remote.map((n) => n.host).join(', ')} is outside the loopback range; a server the lab did not start is someone else's: pass --allow-remote (REAL_REDIS_ALLOW_REMOTE=1 for the server) to use it anyway`,
    );
  let password: string | undefined;
  if (auth) {
    const colon = auth.indexOf(':');
    password = decodeURIComponent(colon >= 0 ? auth.slice(colon + 1) : auth);
  }
  const label = `${scheme}://${parts.join(',')}`;
  return password ? { kind, nodes, password, label } : { kind, nodes, label };
}

/** The target the environment names (REDIS_URL, or REDIS_CLUSTER_URL as seed nodes), or null. */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): RealTarget | null {
  const allowRemote = env.REAL_REDIS_ALLOW_REMOTE === '1';
  if (env.REDIS_CLUSTER_URL) {
    const u = env.REDIS_CLUSTER_URL.replace(/^redis:\/\//, 'redis+cluster://');
    return parseTarget(u, { allowRemote });
  }
  if (env.REDIS_URL) return parseTarget(env.REDIS_URL, { allowRemote });
  return null;
}

/** targetFromEnv without throwing: a bad URL becomes the problem to show instead. */
export function loadTarget(env: NodeJS.ProcessEnv = process.env): {
  target: RealTarget | null;
  problem: string | null;
} {
  try {
    return { target: targetFromEnv(env), problem: null };
  } catch (e) {
    if (e instanceof TargetError) return { target: null, problem: e.message };
    throw e;
  }
}

export const HOW_TO_CONNECT =
  'No real Redis is configured. Start the lab with one: REDIS_URL=redis://127.0.0.1:6379 npm start (or REDIS_CLUSTER_URL=redis://127.0.0.1:7000,127.0.0.1:7001 for a cluster).';
