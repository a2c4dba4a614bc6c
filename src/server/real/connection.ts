// One connection to a real Redis node through ioredis, with RESP2 reply types kept. ioredis
// hands a status reply (+OK), a bulk string and an integer alike as text, but Lua code and the
// lab's comparison tell them apart, so ioredis's own RESP decoder also reads the socket, twice,
// with type mappings that keep them apart (below). Commands go one at a time, so the
// decoders' n-th reply is the n-th command's.
import { Redis } from 'ioredis';
import { Decoder, RESP_TYPES } from 'ioredis/built/resp/decoder.js';
import type { Reply } from '../../core/redis/reply';
import type { NodeAddress } from './target';

// Two of ioredis's decoders read the same bytes. Each string reply is text (String) or bytes
// (Buffer) in each: a status is text in the first and bytes in the second, a bulk string bytes
// in both, and an integer text in both (its exact digits, even past 2^53). Together they tell
// the three apart, so a status made only of digits stays a status.
const STATUS_AS_TEXT = {
  [RESP_TYPES.SIMPLE_STRING]: String,
  [RESP_TYPES.BLOB_STRING]: Buffer,
  [RESP_TYPES.VERBATIM_STRING]: Buffer,
  [RESP_TYPES.NUMBER]: String,
  [RESP_TYPES.BIG_NUMBER]: String,
  [RESP_TYPES.DOUBLE]: Buffer,
};
const STATUS_AS_BYTES = { ...STATUS_AS_TEXT, [RESP_TYPES.SIMPLE_STRING]: Buffer };
type Mapping = typeof STATUS_AS_TEXT | typeof STATUS_AS_BYTES;

/** One reply, read through both decoders (`a`: status as text, `b`: status as bytes). */
export function toReply(a: unknown, b: unknown): Reply {
  if (a === null || a === undefined) return { t: 'nil' };
  if (a instanceof Error) return { t: 'err', v: a.message };
  if (Buffer.isBuffer(a)) return { t: 'bulk', v: a.toString('utf8') };
  if (typeof a === 'string')
    return typeof b === 'string' && /^-?\d+$/.test(a)
      ? { t: 'int', v: BigInt(a) }
      : { t: 'status', v: a };
  if (typeof a === 'number') return { t: 'int', v: BigInt(a) };
  if (Array.isArray(a)) {
    const other = Array.isArray(b) ? b : [];
    return { t: 'arr', v: a.map((x, i) => toReply(x, other[i])) };
  }
  return { t: 'err', v: `unexpected reply ${String(a)}` };
}

/** A failure of the connection itself (not an error reply). */
export class ConnectionError extends Error {}

export interface ConnectOptions {
  password?: string;
  /** Per command: past it the connection is dropped and the command fails. */
  commandTimeoutMs: number;
}

export class TypedConnection {
  /** Each reply as the two decoders read it, in order. */
  private readonly asText: unknown[] = [];
  private readonly asBytes: unknown[] = [];
  private closed = false;

  private constructor(
    private readonly redis: Redis,
    readonly address: NodeAddress,
  ) {}

  static async open(address: NodeAddress, opts: ConnectOptions): Promise<TypedConnection> {
    const redis = new Redis({
      host: address.host,
      port: address.port,
      password: opts.password,
      protocol: 2, // RESP2, as the model answers (ioredis 6 defaults to RESP3)
      lazyConnect: true,
      enableReadyCheck: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: opts.commandTimeoutMs,
      commandTimeout: opts.commandTimeoutMs,
    });
    redis.on('error', () => {}); // failures reach the caller through the commands
    try {
      await redis.connect();
      await redis.ping();
    } catch (e) {
      redis.disconnect();
      throw new ConnectionError(
        `cannot reach Redis at ${address.host}:${address.port}: ${(e as Error).message}`,
      );
    }
    const c = new TypedConnection(redis, address);
    // Added after ioredis's own decoder, so a command's reply is queued before its promise settles.
    const decoder = (mapping: Mapping, out: unknown[]) =>
      new Decoder({
        getTypeMapping: () => mapping,
        onReply: (r: unknown) => out.push(r),
        onErrorReply: (e: Error) => out.push(e),
        onPush: () => {},
      });
    const text = decoder(STATUS_AS_TEXT, c.asText);
    const bytes = decoder(STATUS_AS_BYTES, c.asBytes);
    redis.stream.on('data', (chunk: Buffer) => {
      text.write(chunk);
      bytes.write(chunk);
    });
    return c;
  }

  get name(): string {
    return `${this.address.host}:${this.address.port}`;
  }

  /** Send one command and get its reply, error replies included. */
  async send(args: readonly string[]): Promise<Reply> {
    if (this.closed) throw new ConnectionError(`the connection to ${this.name} is closed`);
    try {
      await this.redis.call(args[0]!, ...args.slice(1));
    } catch (e) {
      if ((e as Error).name !== 'ReplyError') {
        this.drop();
        throw new ConnectionError(`${this.name}: ${(e as Error).message}`);
      }
    }
    if (this.asText.length === 0) {
      this.drop();
      throw new ConnectionError(`${this.name}: the reply was lost`);
    }
    return toReply(this.asText.shift(), this.asBytes.shift());
  }

  /** Close at once, whatever is in flight (a crashed app server). */
  drop(): void {
    this.closed = true;
    this.redis.disconnect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
