// A tiny RESP2 client over node:net for the differential tests (no npm client): sends
// commands as arrays of bulk strings and parses replies into the model's Reply type. Strings
// stand for bytes as in the model (src/core/redis/bytes.ts: non-UTF-8 bytes are U+DC80..U+DCFF).
import net from 'node:net';
import { fromBytes, toBytes } from '../../src/core/redis/bytes';
import type { Reply } from '../../src/core/redis/reply';

class Parser {
  private buf: Buffer = Buffer.alloc(0);
  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
  }
  /** One complete reply, or undefined when more bytes are needed. */
  next(): Reply | undefined {
    const r = this.parse(0);
    if (r === undefined) return undefined;
    this.buf = this.buf.subarray(r.end);
    return r.reply;
  }
  private line(pos: number): { text: string; end: number } | undefined {
    const i = this.buf.indexOf('\r\n', pos);
    if (i < 0) return undefined;
    return { text: fromBytes(this.buf.subarray(pos + 1, i)), end: i + 2 };
  }
  private parse(pos: number): { reply: Reply; end: number } | undefined {
    if (pos >= this.buf.length) return undefined;
    const type = String.fromCharCode(this.buf[pos]!);
    const l = this.line(pos);
    if (l === undefined) return undefined;
    switch (type) {
      case '+':
        return { reply: { t: 'status', v: l.text }, end: l.end };
      case '-':
        return { reply: { t: 'err', v: l.text }, end: l.end };
      case ':':
        return { reply: { t: 'int', v: BigInt(l.text) }, end: l.end };
      case '$': {
        const n = Number(l.text);
        if (n < 0) return { reply: { t: 'nil' }, end: l.end };
        if (this.buf.length < l.end + n + 2) return undefined;
        return {
          reply: { t: 'bulk', v: fromBytes(this.buf.subarray(l.end, l.end + n)) },
          end: l.end + n + 2,
        };
      }
      case '*': {
        const n = Number(l.text);
        if (n < 0) return { reply: { t: 'nilarr' }, end: l.end };
        const items: Reply[] = [];
        let end = l.end;
        for (let i = 0; i < n; i++) {
          const r = this.parse(end);
          if (r === undefined) return undefined;
          items.push(r.reply);
          end = r.end;
        }
        return { reply: { t: 'arr', v: items }, end };
      }
      default:
        throw new Error(`RESP: unexpected type byte ${JSON.stringify(type)}`);
    }
  }
}

export function encodeCommand(args: readonly string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.from(toBytes(a));
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

export class RespClient {
  private readonly parser = new Parser();
  private readonly waiting: Array<{ resolve: (r: Reply) => void; reject: (e: Error) => void }> = [];
  private closed: Error | null = null;

  private constructor(private readonly sock: net.Socket) {
    sock.on('data', (chunk: Buffer) => {
      this.parser.push(chunk);
      for (;;) {
        const r = this.parser.next();
        if (r === undefined) break;
        this.waiting.shift()?.resolve(r);
      }
    });
    const fail = (e: Error): void => {
      this.closed = e;
      for (const w of this.waiting.splice(0)) w.reject(e);
    };
    sock.on('error', fail);
    sock.on('close', () => fail(new Error('connection closed')));
  }

  static connect(port: number, host = '127.0.0.1'): Promise<RespClient> {
    return new Promise((resolve, reject) => {
      const sock = net.createConnection({ port, host }, () => {
        sock.removeListener('error', reject);
        resolve(new RespClient(sock));
      });
      sock.once('error', reject);
    });
  }

  call(args: readonly string[]): Promise<Reply> {
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.sock.write(encodeCommand(args));
    });
  }

  close(): void {
    this.sock.destroy();
  }
}

/** A free loopback TCP port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
