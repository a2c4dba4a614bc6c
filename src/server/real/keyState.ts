// A key's state read the same way from both sides: TYPE, then the value by type, then PTTL.
// `call` is the model's (synchronous) or a real server's (a promise); both get these commands.
import type { KeyView } from '../../core/redis/compare';
import type { Reply } from '../../core/redis/reply';

type Call = (args: string[]) => Reply | Promise<Reply>;

const text = (r: Reply): string => (r.t === 'bulk' || r.t === 'status' ? r.v : '');
const items = (r: Reply): string[] => (r.t === 'arr' ? r.v.map(text) : []);

function pairs(list: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push([list[i]!, list[i + 1]!]);
  return out;
}

/** The state of `key`, or null when it does not exist. */
export async function readKey(call: Call, key: string): Promise<KeyView | null> {
  const type = text(await call(['TYPE', key]));
  if (type === 'none' || type === '') return null;
  let value: KeyView['value'];
  switch (type) {
    case 'string':
      value = text(await call(['GET', key]));
      break;
    case 'hash':
      value = pairs(items(await call(['HGETALL', key])));
      break;
    case 'list':
      value = items(await call(['LRANGE', key, '0', '-1']));
      break;
    case 'set':
      value = items(await call(['SMEMBERS', key]));
      break;
    case 'zset':
      value = pairs(items(await call(['ZRANGE', key, '0', '-1', 'WITHSCORES']))).map(
        ([m, s]): [string, number] => [m, Number(s)],
      );
      break;
    default:
      value = `(a ${type}, not shown)`;
  }
  const pttl = await call(['PTTL', key]);
  const ttlMs = pttl.t === 'int' && pttl.v >= 0n ? Number(pttl.v) : null;
  return { key, type, value, ttlMs };
}

/** The states of the keys that exist, named by `label` (the lab's name of each real key). */
export async function readKeys(
  call: (key: string) => Call,
  keys: readonly string[],
  label: (key: string) => string = (k) => k,
): Promise<KeyView[]> {
  const out: KeyView[] = [];
  for (const k of keys) {
    const v = await readKey(call(k), k);
    if (v) out.push({ ...v, key: label(k) });
  }
  return out;
}
