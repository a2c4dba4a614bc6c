// One connection to a real Redis node through ioredis, with RESP2 reply types kept. ioredis
// hands a status reply (+OK) and a bulk string alike as text, but Lua code and the lab's
// comparison tell them apart, so ioredis's own RESP decoder also reads the socket with a type
// mapping that keeps them apart (status -> string, bulk -> Buffer). Commands go one at a time,
// so the decoder's n-th reply is the n-th command's.
import { Redis } from 'ioredis';
import { Decoder, RESP_TYPES } from 'ioredis/built/resp/decoder';
import type { Reply } from '../../core/redis/reply';
import type { NodeAddress } from './target';

const MAPPING = {
  [RESP_TYPES.SIMPLE_STRING]: String,
  [RESP_TYPES.BLOB_STRING]: Buffer,
  [RESP_TYPES.VERBATIM_STRING]: Buffer,
  [RESP_TYPES.NUMBER]: String,
  [RESP_TYPES.BIG_NUMBER]: String,
  [RESP_TYPES.DOUBLE]: Buffer,
};

function toReply(v: unknown): Reply {
  if (v === null || v === undefined) return { t: 'nil' };
  if (v instanceof Error) return { t: 'err', v: v.message };
  if (Buffer.isBuffer(v)) return { t: 'bulk', v: v.toString('utf8') };
  if (typeof v === 'string')
    return /^-?\d+$/.test(v) ? { t: 'int', v: BigInt(v) } : { t: 'status', v };
  if (typeof v === 'number') return { t: 'int', v: BigInt(v) };
  if (Array.isArray(v)) return { t: 'arr', v: v.map(toReply) };
  return { t: 'err', v: `unexpected reply ${String(v)}` };
}

/** A failure of the connection itself (not an error reply). */
export class ConnectionError extends Error {}

export interface ConnectOptions {
  password?: string;
  /** Per command: past it the connection is dropped and the command fails. */
  commandTimeoutMs: number;
}

export class TypedConnection {
  private readonly replies: Reply[] = [];
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
    const decoder = new Decoder({
      getTypeMapping: () => MAPPING,
      onReply: (r: unknown) => c.replies.push(toReply(r)),
      onErrorReply: (e: Error) => c.replies.push({ t: 'err', v: e.message }),
      onPush: () => {},
    });
    redis.stream.on('data', (chunk: Buffer) => decoder.write(chunk));
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
    const r = this.replies.shift();
    if (r === undefined) {
      this.drop();
      throw new ConnectionError(`${this.name}: the reply was lost`);
    }
    return r;
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
