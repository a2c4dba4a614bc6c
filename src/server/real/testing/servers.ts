// Real redis-server processes for the real-Redis tests: one plain server and a 3-master
// cluster, each on free loopback ports with persistence off in a temporary folder, stopped
// after. Without redis-server the tests say why they cannot run; with REQUIRE_REDIS=1 that is
// a failure.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const serverPath = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
export const cliPath = process.env.REDIS_CLI ?? '/usr/bin/redis-cli';
export const redisRequired = process.env.REQUIRE_REDIS === '1';

/** Why the tests cannot start real servers ('' when they can). */
export function whyNoRedis(): string {
  if (!existsSync(serverPath)) return `redis-server not found at ${serverPath} (set REDIS_SERVER)`;
  if (!existsSync(cliPath)) return `redis-cli not found at ${cliPath} (set REDIS_CLI)`;
  return '';
}

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * How long a server may take to accept connections, or a cluster node to reach
 * cluster_state:ok: a wait for a condition, bounded far from its usual time (milliseconds), so a
 * busy machine only waits longer.
 */
const READY_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection({ host: '127.0.0.1', port });
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

interface Proc {
  proc: ChildProcess;
  port: number;
  dir: string;
}

async function startProc(cluster: boolean): Promise<Proc> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'ratelab-real-'));
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    args.push('--dir', dir);
    if (cluster)
      args.push('--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf'));
    const proc = spawn(serverPath, args, { stdio: 'ignore' });
    let exited = false;
    proc.once('exit', () => (exited = true));
    for (const until = performance.now() + READY_MS; !exited && performance.now() < until;) {
      if (await canConnect(port)) return { proc, port, dir };
      await sleep(50);
    }
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    if (attempt >= 2) throw new Error(`redis-server did not start on port ${port}`);
  }
}

function stopProc(p: Proc): void {
  p.proc.kill('SIGTERM');
  rmSync(p.dir, { recursive: true, force: true });
}

export interface RealServer {
  url: string;
  port: number;
  stop(): void;
}

export async function startRedis(): Promise<RealServer> {
  const p = await startProc(false);
  return { url: `redis://127.0.0.1:${p.port}`, port: p.port, stop: () => stopProc(p) };
}

export interface RealCluster {
  url: string;
  ports: number[];
  stop(): void;
}

/** Three masters (no replicas) made a cluster with redis-cli --cluster create. */
export async function startCluster(): Promise<RealCluster> {
  const procs: Proc[] = [];
  try {
    for (let i = 0; i < 3; i++) procs.push(await startProc(true));
    const addrs = procs.map((p) => `127.0.0.1:${p.port}`);
    await run(
      cliPath,
      ['--cluster', 'create', ...addrs, '--cluster-replicas', '0', '--cluster-yes'],
      {
        timeout: 60_000,
      },
    );
    for (const p of procs) {
      let ok = false;
      for (const until = performance.now() + READY_MS; !ok && performance.now() < until;) {
        const { stdout } = await run(cliPath, ['-p', String(p.port), 'CLUSTER', 'INFO']);
        ok = stdout.includes('cluster_state:ok');
        if (!ok) await sleep(50);
      }
      if (!ok) throw new Error(`the cluster node on port ${p.port} never reached cluster_state:ok`);
    }
    const ports = procs.map((p) => p.port);
    return {
      url: `redis+cluster://${addrs.join(',')}`,
      ports,
      stop: () => procs.forEach(stopProc),
    };
  } catch (e) {
    procs.forEach(stopProc);
    throw e;
  }
}

/** redis-cli against one port (the tests' independent view of the server). */
export async function redisCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run(cliPath, ['-p', String(port), ...args]);
  return stdout.trim();
}
