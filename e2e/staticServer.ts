// A tiny static file server for the end-to-end tests: it mounts dist/ at a sub-path
// (`/some/sub/path/`) to prove the build works from anywhere on a static host, as a plain file
// host would serve it (no SPA fallback, no rewriting, 404 outside the mount).
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  /** The mount's absolute URL, ending in `/`. */
  url: string;
  /** Every path requested so far (to show what was served while "offline"). */
  requests: string[];
  close(): Promise<void>;
}

export async function serveDist(mount: string): Promise<StaticServer> {
  if (!mount.startsWith('/') || !mount.endsWith('/')) throw new Error('mount must be /.../');
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    void (async () => {
      if (path === mount.slice(0, -1)) {
        res.writeHead(301, { location: mount }).end();
        return;
      }
      if (!path.startsWith(mount)) {
        res.writeHead(404).end('outside the mount');
        return;
      }
      const rel = path.slice(mount.length) || 'index.html';
      const file = normalize(join(DIST, rel));
      if (!file.startsWith(DIST + sep)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const s = await stat(file);
        if (!s.isFile()) throw new Error('not a file');
        const body = await readFile(file);
        res
          .writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'cache-control': 'no-cache',
          })
          .end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
