// Real redis-server processes for the differential tests: started on a free loopback port
// with persistence off, in a temporary directory, optionally in cluster mode (one node that
// owns all 16384 slots).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, RespClient } from './resp';

export interface Server {
  port: number;
  proc: ChildProcess;
  client: RespClient;
  dir: string;
}

export const serverPath = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
export const redisRequired = process.env.REQUIRE_REDIS === '1';

/** Why no real server can be started ('' when one can). */
export function serverMissing(): string {
  return existsSync(serverPath) ? '' : `redis-server not found at ${serverPath} (set REDIS_SERVER)`;
}

/**
 * How long a server may take to answer, or a cluster node to reach cluster_state:ok: a wait for a
 * condition, bounded far from its usual time (milliseconds) so a busy machine only waits longer.
 */
const READY_MS = 60_000;

async function connectWithRetry(port: number): Promise<RespClient> {
  let last: unknown;
  for (const until = performance.now() + READY_MS; performance.now() < until;) {
    try {
      return await RespClient.connect(port);
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`cannot connect to redis-server on port ${port}: ${String(last)}`);
}

export async function startServer(clusterMode: boolean): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ratelab-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  args.push('--dir', dir);
  if (clusterMode) {
    args.push('--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf'));
  }
  const proc = spawn(serverPath, args, { stdio: 'ignore' });
  const client = await connectWithRetry(port);
  if (clusterMode) {
    await client.call(['CLUSTER', 'ADDSLOTSRANGE', '0', '16383']);
    let ok = false;
    for (const until = performance.now() + READY_MS; !ok && performance.now() < until;) {
      const info = await client.call(['CLUSTER', 'INFO']);
      ok = info.t === 'bulk' && info.v.includes('cluster_state:ok');
      if (!ok) await new Promise((r) => setTimeout(r, 50));
    }
    if (!ok) throw new Error('the cluster-mode redis-server never reached cluster_state:ok');
  }
  return { port, proc, client, dir };
}

export function stopServer(s: Server | null): void {
  if (s === null) return;
  s.client.close();
  s.proc.kill('SIGTERM');
  rmSync(s.dir, { recursive: true, force: true });
}
