// redis.setresp(3): what a RESP3 client gets from Redis 7 for the commands whose RESP3 reply
// differs from RESP2 (maps, doubles, nulls). The model answers in RESP2; the Lua glue turns
// these shapes into Lua values as Redis's redisProtocolToLuaType does ({map=...},
// {double=...}, nil).
import type { Reply } from '../redis/reply';

/** A reply as a RESP3 client would get it (the model itself answers in RESP2). */
export type Shaped =
  | Reply
  | { readonly t: 'null' }
  | { readonly t: 'double'; readonly v: number }
  | { readonly t: 'arr'; readonly v: readonly Shaped[] }
  | { readonly t: 'set'; readonly v: readonly Shaped[] }
  | { readonly t: 'map'; readonly v: ReadonlyArray<readonly [Shaped, Shaped]> };

const NULL3: Shaped = { t: 'null' };

function asDouble(r: Reply): Shaped {
  if (r.t !== 'bulk') return r.t === 'nil' || r.t === 'nilarr' ? NULL3 : r;
  const v = r.v === 'inf' ? Infinity : r.v === '-inf' ? -Infinity : Number(r.v);
  return { t: 'double', v };
}

function nulls(r: Reply): Shaped {
  if (r.t === 'nil' || r.t === 'nilarr') return NULL3;
  if (r.t === 'arr') return { t: 'arr', v: r.v.map(nulls) };
  return r;
}

/** A RESP3 set (SMEMBERS, SINTER, SPOP with a count, ...): Lua gets {set={member=true}}. */
function asSet(r: Reply): Shaped {
  return r.t === 'arr' ? { t: 'set', v: r.v.map(nulls) } : nulls(r);
}

/** [f1, v1, f2, v2] -> [[f1, v1], [f2, v2]] (HRANDFIELD WITHVALUES). */
function pairs(r: Reply, second: (x: Reply) => Shaped): Shaped {
  if (r.t !== 'arr') return nulls(r);
  const out: Shaped[] = [];
  for (let i = 0; i + 1 < r.v.length; i += 2)
    out.push({ t: 'arr', v: [nulls(r.v[i]!), second(r.v[i + 1]!)] });
  return { t: 'arr', v: out };
}

/** [m1, s1, m2, s2] -> [[m1, s1], [m2, s2]] with scores as doubles. */
function scorePairs(r: Reply): Shaped {
  if (r.t !== 'arr') return nulls(r);
  const out: Shaped[] = [];
  for (let i = 0; i + 1 < r.v.length; i += 2)
    out.push({ t: 'arr', v: [nulls(r.v[i]!), asDouble(r.v[i + 1]!)] });
  return { t: 'arr', v: out };
}

/** The RESP3 shape of the model's RESP2 reply to `args` (what Redis 7 sends a RESP3 client). */
export function toResp3(args: readonly string[], r: Reply): Shaped {
  if (r.t === 'err') return r;
  const name = args[0]!.toLowerCase();
  const withScores = args.some((a, i) => i > 0 && a.toLowerCase() === 'withscores');
  switch (name) {
    case 'hgetall': {
      if (r.t !== 'arr') return nulls(r);
      const pairs: Array<readonly [Shaped, Shaped]> = [];
      for (let i = 0; i + 1 < r.v.length; i += 2) pairs.push([nulls(r.v[i]!), nulls(r.v[i + 1]!)]);
      return { t: 'map', v: pairs };
    }
    case 'zscore':
    case 'zincrby':
      return asDouble(r);
    case 'zadd':
      return args.some((a, i) => i > 1 && a.toLowerCase() === 'incr') ? asDouble(r) : nulls(r);
    case 'smembers':
    case 'sinter':
    case 'sunion':
    case 'sdiff':
      return asSet(r);
    case 'spop':
      return args.length > 2 ? asSet(r) : nulls(r);
    case 'hrandfield':
      return args.length > 3 ? pairs(r, nulls) : nulls(r);
    case 'zrandmember':
      return args.length > 3 ? scorePairs(r) : nulls(r);
    case 'zmscore':
      return r.t === 'arr' ? { t: 'arr', v: r.v.map(asDouble) } : nulls(r);
    case 'zpopmin':
    case 'zpopmax':
      if (args.length > 2) return scorePairs(r);
      if (r.t === 'arr' && r.v.length === 2)
        return { t: 'arr', v: [nulls(r.v[0]!), asDouble(r.v[1]!)] };
      return nulls(r);
    case 'zrange':
    case 'zrevrange':
    case 'zrangebyscore':
    case 'zrevrangebyscore':
    case 'zunion':
    case 'zinter':
    case 'zdiff':
      return withScores ? scorePairs(r) : nulls(r);
    default:
      return nulls(r);
  }
}
