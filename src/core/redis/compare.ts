// Model against real server, side by side: where two replies or two key states part, and how
// (an error only one side raises, the same number written differently, a missing key, a TTL
// one side lacks). Pure: the real side is data the caller measured.
import type { JsonReply } from './reply';

/** A key as both sides show it (the same shape as the race explorer's key states). */
export interface KeyView {
  key: string;
  type: string;
  value: string | Array<[string, string]> | Array<[string, number]> | string[];
  /** Milliseconds left, or null without an expiry. */
  ttlMs: number | null;
}

export interface Difference {
  /** 'reply', or the key whose state differs. */
  where: 'reply' | { key: string };
  note: string;
}

const isErr = (r: JsonReply): r is { err: string } =>
  typeof r === 'object' && r !== null && !Array.isArray(r) && 'err' in r;
const isOk = (r: JsonReply): r is { ok: string } =>
  typeof r === 'object' && r !== null && !Array.isArray(r) && 'ok' in r;

const kind = (r: JsonReply): string =>
  r === null
    ? 'nil'
    : Array.isArray(r)
      ? 'an array'
      : typeof r === 'number'
        ? 'an integer'
        : typeof r === 'string'
          ? 'a bulk string'
          : isErr(r)
            ? 'an error'
            : 'a status';

const show = (r: JsonReply): string => JSON.stringify(r);

/** Two texts that read as the same finite number. */
function sameNumber(a: string, b: string): boolean {
  if (a.trim() === '' || b.trim() === '') return false;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && x === y;
}

/** null when the replies are the same; else what differs, in words. */
export function replyDifference(model: JsonReply, real: JsonReply, at = ''): string | null {
  const where = at ? ` at ${at}` : '';
  if (isErr(model) && isErr(real))
    return model.err === real.err ? null : `both answered an error${where}, with other texts`;
  if (isErr(model)) return `only the model answered an error${where}: ${model.err}`;
  if (isErr(real)) return `only the real server answered an error${where}: ${real.err}`;
  if (Array.isArray(model) && Array.isArray(real)) {
    if (model.length !== real.length)
      return `arrays of ${model.length} and ${real.length} items${where}`;
    for (let i = 0; i < model.length; i++) {
      const d = replyDifference(model[i]!, real[i]!, `${at}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  if (typeof model === 'string' && typeof real === 'string') {
    if (model === real) return null;
    if (sameNumber(model, real))
      return `the same number written differently${where}: ${show(model)} and ${show(real)}`;
    return `other text${where}: ${show(model)} and ${show(real)}`;
  }
  if (isOk(model) && isOk(real))
    return model.ok === real.ok ? null : `other status${where}: ${model.ok} and ${real.ok}`;
  if (model === real) return null;
  if (kind(model) !== kind(real))
    return `the model answered ${kind(model)}, the real server ${kind(real)}${where}`;
  return `other values${where}: ${show(model)} and ${show(real)}`;
}

function valueText(v: KeyView['value']): string {
  return JSON.stringify(v);
}

function sameValue(a: KeyView, b: KeyView): boolean {
  if (a.type === 'zset' && Array.isArray(a.value) && Array.isArray(b.value)) {
    const x = a.value as Array<[string, number]>;
    const y = b.value as Array<[string, number]>;
    return x.length === y.length && x.every((p, i) => p[0] === y[i]![0] && p[1] === y[i]![1]);
  }
  return valueText(a.value) === valueText(b.value);
}

/**
 * Differences between two key states. The model's clock stands still while a real server's
 * moves, so TTLs within `ttlToleranceMs` (the real run's measured duration) count as equal.
 */
export function keyDifferences(
  model: readonly KeyView[],
  real: readonly KeyView[],
  ttlToleranceMs: number,
): Difference[] {
  const out: Difference[] = [];
  const byKey = new Map(real.map((k) => [k.key, k]));
  for (const m of model) {
    const r = byKey.get(m.key);
    byKey.delete(m.key);
    const where = { key: m.key };
    if (r === undefined) {
      out.push({ where, note: `"${m.key}" exists only on the model` });
      continue;
    }
    if (m.type !== r.type) {
      out.push({ where, note: `"${m.key}" is a ${m.type} on the model, a ${r.type} for real` });
      continue;
    }
    if (!sameValue(m, r))
      out.push({
        where,
        note: `"${m.key}" holds ${valueText(m.value)} on the model, ${valueText(r.value)} for real`,
      });
    if ((m.ttlMs === null) !== (r.ttlMs === null))
      out.push({
        where,
        note: `"${m.key}" has ${m.ttlMs === null ? 'no expiry' : 'an expiry'} on the model, ${r.ttlMs === null ? 'none' : 'one'} for real`,
      });
    else if (m.ttlMs !== null && r.ttlMs !== null && Math.abs(m.ttlMs - r.ttlMs) > ttlToleranceMs)
      out.push({
        where,
        note: `"${m.key}" expires in ${m.ttlMs} ms on the model, ${r.ttlMs} ms for real`,
      });
  }
  for (const r of byKey.values())
    out.push({ where: { key: r.key }, note: `"${r.key}" exists only on the real server` });
  return out;
}

/** Keys sorted by name, with set members and hash fields in a fixed order (both sides alike). */
export function canonicalKeys(keys: readonly KeyView[]): KeyView[] {
  return keys
    .map((k): KeyView => {
      if (k.type === 'set') return { ...k, value: [...(k.value as string[])].sort() };
      if (k.type === 'hash')
        return {
          ...k,
          value: [...(k.value as Array<[string, string]>)].sort((a, b) =>
            a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0,
          ),
        };
      return k;
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
