// A throwaway redis-server for the bench: find the binaries, start one on a free loopback port
// (no persistence), and send it one command over a fresh connection.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';

export function findBinary(name: string, envVar: string): string | null {
  const fromEnv = process.env[envVar];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter).concat(['/usr/bin'])) {
    if (!dir) continue;
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function encodeCommand(args: string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.from(a, 'utf8');
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** One command over a fresh connection; resolves with the raw RESP reply text. */
export function rawCommand(port: number, args: string[], timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let buf = '';
    const done = (e: Error | null, v?: string): void => {
      clearTimeout(timer);
      sock.destroy();
      if (e) reject(e);
      else resolve(v!);
    };
    const timer = setTimeout(() => done(new Error('redis reply timed out')), timeoutMs);
    sock.on('error', (e) => done(e));
    sock.on('connect', () => sock.write(encodeCommand(args)));
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      const nl = buf.indexOf('\r\n');
      if (nl < 0) return;
      if (buf[0] === '$') {
        const len = Number(buf.slice(1, nl));
        if (len < 0) return done(null, '(nil)');
        if (buf.length >= nl + 2 + len + 2) done(null, buf.slice(nl + 2, nl + 2 + len));
        return;
      }
      if (buf[0] === '*') {
        // Enough for the sanity check: an array of small integers.
        const n = Number(buf.slice(1, nl));
        const lines = buf.split('\r\n');
        if (lines.length >= n + 2)
          done(
            null,
            '[' +
              lines
                .slice(1, n + 1)
                .map((l) => l.slice(1))
                .join(',') +
              ']',
          );
        return;
      }
      done(null, buf.slice(0, nl));
    });
  });
}

export interface Server {
  port: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(bin: string): Promise<Server> {
  let lastErr = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const proc = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    let exited = false;
    const exitedP = new Promise<void>((r) =>
      proc.once('exit', () => {
        exited = true;
        r();
      }),
    );
    const stop = async (): Promise<void> => {
      if (exited) return;
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exitedP;
      clearTimeout(t);
    };
    const deadline = performance.now() + 5000;
    while (!exited && performance.now() < deadline) {
      try {
        if ((await rawCommand(port, ['PING'], 500)) === '+PONG') return { port, proc, stop };
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    lastErr = log.trim().split('\n').slice(-3).join(' | ');
    await stop();
  }
  throw new Error('redis-server did not start: ' + lastErr);
}
