// Lua limiter templates for the editor, lessons and practice problems. Each one runs on the
// lab's Redis model with the KEYS/ARGV templates of `algorithm: "lua"` (docs/spec/headless.md).

import type { TemplateId } from './templateIds';

export type { TemplateId } from './templateIds';

export interface ScriptTemplate {
  id: TemplateId;
  title: string;
  summary: string;
  /** KEYS templates ({key}, {server}, {cost}, {now} are filled per request). */
  keys: string[];
  /** ARGV templates. */
  args: string[];
  /**
   * The built-in algorithm this script should agree with, for Compare. `fromArgs` names the
   * ARGV position (0-based) each parameter is read from, so Compare follows edited ARGV.
   */
  reference?: {
    algorithm: string;
    params: Record<string, number>;
    fromArgs?: Record<string, number>;
  };
  source: string;
}

const TOKEN_BUCKET = `-- Token bucket: the lab's reference script. Refill, decide and spend happen in
-- one atomic step, timed by the store's clock rather than each app server's.
-- KEYS[1]  the bucket, a hash {tokens, stamp}
-- ARGV     capacity, refill per second, cost
-- reply    {1 admitted or 0 refused, whole tokens left, seconds to wait or -1}
local capacity, rate, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local function positive(x)
  return x ~= nil and x > 0
end
if not (positive(capacity) and positive(rate) and positive(cost)) then
  return redis.error_reply("token bucket: ARGV needs capacity, rate and cost, all above 0")
end
-- More than the bucket can ever hold: no wait helps, so say so with -1.
if capacity < cost then
  return {0, 0, -1}
end

local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6

local saved = redis.call("HMGET", KEYS[1], "tokens", "stamp")
local balance, stamp = tonumber(saved[1]), tonumber(saved[2])
if balance == nil and stamp == nil then
  balance, stamp = capacity, now -- a bucket never seen (or expired) starts full
elseif balance == nil or stamp == nil then
  return redis.error_reply("token bucket: " .. KEYS[1] .. " holds only half a state")
end

-- Catch up on the refill. A clock that stepped back adds nothing, and the stamp
-- only ever moves forward, so the step cannot mint tokens on a later call either.
local idle = now - stamp
if idle < 0 then
  idle = 0
end
balance = math.min(capacity, balance + idle * rate)
if balance < 0 then
  balance = 0
end
if now > stamp then
  stamp = now
end

local admitted, wait = 0, 0
if balance >= cost then
  balance = balance - cost
  admitted = 1
else
  wait = math.max(1, math.ceil((cost - balance) / rate))
end

redis.call("HSET", KEYS[1], "tokens", balance, "stamp", stamp)
-- Left alone for the whole refill time (plus a second) the bucket is full again,
-- which is just what a missing key means, so the key may go.
redis.call("EXPIRE", KEYS[1], math.ceil(capacity / rate) + 1)
return {admitted, math.floor(balance), wait}
`;

const FIXED_WINDOW = `-- Fixed window: one counter per key and window. The check, the increment and
-- the expiry run in one script: no client slips in between, and no crash can
-- leave a counter behind without its expiry.
-- Windows start at multiples of their length on the store's clock (Unix time),
-- as in production; the lab's clock starts at Unix 1700000000, a multiple of 10 s.
-- KEYS[1] counter prefix   ARGV: limit, window seconds, cost
local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if cost > limit then
  return {0, 0, -1} -- this cost never fits in one window
end

local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local n = math.floor(now / window)
local counter = KEYS[1] .. ":" .. n

local used = tonumber(redis.call("GET", counter) or "0")
if used + cost > limit then
  -- The budget comes back when this window ends.
  return {0, limit - used, math.max(1, math.ceil((n + 1) * window - now))}
end

used = redis.call("INCRBY", counter, cost)
redis.call("EXPIRE", counter, window + 1)
return {1, limit - used, 0}
`;

const SLIDING_LOG = `-- Sliding log on a sorted set: one member per admitted request, scored by its
-- time. A member reads "<time>:<cost>" (with a suffix if that time is taken), so
-- weighted requests can be summed, two admissions in the same microsecond stay
-- two members, and the script touches no key but KEYS[1].
-- KEYS[1] log key   ARGV: limit, window seconds, cost
local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if cost > limit then
  return {0, 0, -1}
end

local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local log = KEYS[1]

-- Forget what has aged out. The bound is inclusive: an entry exactly one window
-- old is gone.
redis.call("ZREMRANGEBYSCORE", log, "-inf", now - window)

-- Summing weights walks the whole log: O(entries) while every other client waits.
local entries = redis.call("ZRANGE", log, 0, -1, "WITHSCORES")
local function weight(member)
  return tonumber(string.match(member, ":(.+)$"))
end
local used = 0
for i = 1, #entries, 2 do
  used = used + weight(entries[i])
end

if used + cost <= limit then
  local member = t[1] .. "." .. t[2] .. ":" .. cost
  local n = 1
  while redis.call("ZSCORE", log, member) do
    n = n + 1
    member = t[1] .. "." .. t[2] .. "#" .. n .. ":" .. cost
  end
  redis.call("ZADD", log, now, member)
  redis.call("EXPIRE", log, math.ceil(window) + 1)
  return {1, limit - used - cost, 0}
end

-- Refused: wait until enough of the oldest entries have left the window.
local freed = 0
for i = 1, #entries, 2 do
  freed = freed + weight(entries[i])
  if used - freed + cost <= limit then
    local stamped = tonumber(entries[i + 1])
    return {0, limit - used, math.max(1, math.ceil(stamped + window - now))}
  end
end
return {0, limit - used, -1}
`;

const SLIDING_WINDOW_COUNTER = `-- Sliding-window counter: this window's count plus the previous window's,
-- weighted by how much of that window still overlaps the rolling one. An
-- estimate: it assumes the previous window's requests were spread evenly.
-- KEYS[1] counter prefix   ARGV: limit, window seconds, cost
local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if cost > limit then
  return {0, 0, -1}
end

local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local n = math.floor(now / window)
local into = now - n * window
local this_key = KEYS[1] .. ":" .. n
local before = tonumber(redis.call("GET", KEYS[1] .. ":" .. (n - 1)) or "0")
local current = tonumber(redis.call("GET", this_key) or "0")
local estimate = before * (window - into) / window + current

if estimate + cost <= limit then
  redis.call("INCRBY", this_key, cost)
  redis.call("EXPIRE", this_key, 2 * window + 1)
  return {1, math.floor(limit - estimate - cost), 0}
end
return {0, math.max(0, math.floor(limit - estimate)), 1}
`;

const GCRA = `-- GCRA: one number per key, the theoretical arrival time (TAT) at which the
-- next request would be exactly on schedule.
-- KEYS[1] TAT key   ARGV: rate per second, burst, cost
local rate, burst, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if cost > burst then
  return {0, 0, -1}
end

local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local gap = 1 / rate -- seconds between requests on schedule
local tat = tonumber(redis.call("GET", KEYS[1]) or now)
local next_tat = math.max(tat, now) + cost * gap
local earliest = next_tat - burst * gap -- the caller may run this far ahead

if earliest <= now then
  redis.call("SET", KEYS[1], next_tat, "EX", math.ceil(burst * gap) + 1)
  return {1, math.floor((now - earliest) / gap), 0}
end
return {0, 0, math.max(1, math.ceil(earliest - now))}
`;

const LEAKY_BUCKET = `-- Leaky bucket as NGINX limit_req decides it: the queue ("excess") drains at
-- the rate; a request adds 1 to it and is refused when that would pass the burst.
-- NGINX would also hold an admitted request for excess / rate seconds before it
-- runs (unless nodelay); a script can only decide, so this is the nodelay answer.
-- NGINX sends no Retry-After: the wait returned here is the lab's own hint.
-- KEYS[1] the queue, a hash {excess, last}   ARGV: rate per second, burst
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
-- After this long without requests even a full queue has drained away.
local ttl = math.ceil((burst + 1) / rate) + 1

local q = redis.call("HMGET", KEYS[1], "excess", "last")
local excess, last = tonumber(q[1]), tonumber(q[2])
if excess == nil or last == nil then
  -- The first request of a key goes straight through with an empty queue.
  redis.call("HSET", KEYS[1], "excess", 0, "last", now)
  redis.call("EXPIRE", KEYS[1], ttl)
  return {1, math.floor(burst), 0}
end

local idle = math.max(0, now - last)
local level = math.max(0, excess - rate * idle + 1) -- the clamp comes after the + 1
if level > burst then
  return {0, 0, math.max(1, math.ceil((excess + 1 - burst) / rate - idle))}
end
redis.call("HSET", KEYS[1], "excess", level, "last", math.max(last, now))
redis.call("EXPIRE", KEYS[1], ttl)
return {1, math.floor(burst - level), 0}
`;

const CONCURRENCY = `-- Concurrency limit with leases: a sorted set of the requests in flight, each
-- scored by the time its lease runs out. A finished request would remove its own
-- member (ZREM); the lease is what frees the slot of a worker that crashed.
-- KEYS[1] the in-flight set   ARGV: max in flight, lease seconds, cost
local most, lease, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if cost > most then
  return {0, 0, -1}
end

local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local set = KEYS[1]

-- Leases that have run out free their slots first (an end at now is over).
redis.call("ZREMRANGEBYSCORE", set, "-inf", now)
local running = redis.call("ZRANGE", set, 0, -1, "WITHSCORES")
local busy = 0
for i = 1, #running, 2 do
  busy = busy + tonumber(string.match(running[i], ":(.+)$"))
end

if busy + cost <= most then
  local id = redis.call("INCR", set .. ":id")
  redis.call("ZADD", set, now + lease, id .. ":" .. cost)
  redis.call("EXPIRE", set, math.ceil(lease) + 1)
  redis.call("EXPIRE", set .. ":id", math.ceil(lease) + 1)
  return {1, most - busy - cost, 0}
end

-- Full: wait for the earliest leases to end until this cost fits.
for i = 1, #running, 2 do
  busy = busy - tonumber(string.match(running[i], ":(.+)$"))
  if busy + cost <= most then
    return {0, 0, math.max(1, math.ceil(tonumber(running[i + 1]) - now))}
  end
end
return {0, 0, 1}
`;

const MULTI_BUCKET = `-- All-or-nothing across a credential, a tenant and a global token bucket in one
-- script: bring every bucket up to date, and spend only if every one can pay.
-- KEYS[i] bucket i   ARGV: cost, then capacity and refill rate for each bucket
local cost = tonumber(ARGV[1])
local t = redis.call("TIME")
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6

local buckets = {}
local everyone_pays, longest = true, 0
for i, key in ipairs(KEYS) do
  local b = {key = key, size = tonumber(ARGV[2 * i]), rate = tonumber(ARGV[2 * i + 1])}
  if cost > b.size then
    return {0, 0, -1} -- one bucket can never hold this cost
  end
  local saved = redis.call("HMGET", key, "tokens", "stamp")
  local have = tonumber(saved[1]) or b.size
  local stamp = tonumber(saved[2]) or now
  b.tokens = math.min(b.size, have + math.max(0, now - stamp) * b.rate)
  b.stamp = math.max(now, stamp)
  if b.tokens < cost then
    everyone_pays = false
    longest = math.max(longest, math.ceil((cost - b.tokens) / b.rate))
  end
  buckets[i] = b
end

-- Save every refreshed bucket; take the cost from all of them only if all agreed.
local least = nil
for _, b in ipairs(buckets) do
  if everyone_pays then
    b.tokens = b.tokens - cost
  end
  least = least and math.min(least, b.tokens) or b.tokens
  redis.call("HSET", b.key, "tokens", b.tokens, "stamp", b.stamp)
  redis.call("EXPIRE", b.key, math.ceil(b.size / b.rate) + 1)
end
if everyone_pays then
  return {1, math.floor(least), 0}
end
return {0, math.floor(least), math.max(1, longest)}
`;

const GET_THEN_SET = `-- UNSAFE on purpose: read, decide and write are three separate steps. Run as
-- app-server code, two servers can read the same count and both admit.
-- KEYS[1] counter key   ARGV: limit, window seconds, cost
local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])

local seen = tonumber(redis.call("GET", KEYS[1]) or "0")
if seen + cost > limit then
  return {0, limit - seen, 1}
end
-- Another server may have written since the GET above: this overwrites it.
redis.call("SET", KEYS[1], seen + cost, "EX", window)
return {1, limit - seen - cost, 0}
`;

export const TEMPLATES: readonly ScriptTemplate[] = [
  {
    id: 'token-bucket',
    title: 'Token bucket (the lab’s reference script)',
    summary:
      'Refill, check and spend in one atomic script, on Redis server time. Returns {allowed, remaining, retryAfter}.',
    keys: ['rl:{key}'],
    args: ['5', '1', '{cost}'],
    reference: {
      algorithm: 'token-bucket',
      params: { capacity: 5, refillPerSecond: 1 },
      fromArgs: { capacity: 0, refillPerSecond: 1 },
    },
    source: TOKEN_BUCKET,
  },
  {
    id: 'fixed-window',
    title: 'Fixed window (INCR + EXPIRE in one script)',
    summary: 'One counter per window; the increment and its expiry can never be split by a crash.',
    keys: ['fw:{key}'],
    args: ['3', '10', '{cost}'],
    reference: {
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 10 },
      fromArgs: { limit: 0, windowSeconds: 1 },
    },
    source: FIXED_WINDOW,
  },
  {
    id: 'sliding-log',
    title: 'Sliding log (sorted set)',
    summary: 'Exact rolling window: one sorted-set member per admitted request.',
    keys: ['log:{key}'],
    args: ['5', '10', '{cost}'],
    reference: {
      algorithm: 'sliding-log',
      params: { limit: 5, windowSeconds: 10 },
      fromArgs: { limit: 0, windowSeconds: 1 },
    },
    source: SLIDING_LOG,
  },
  {
    id: 'sliding-window-counter',
    title: 'Sliding-window counter',
    summary: 'Two counters and a weighted estimate: cheap, smooth, approximate.',
    keys: ['swc:{key}'],
    args: ['5', '10', '{cost}'],
    reference: {
      algorithm: 'sliding-window-counter',
      params: { limit: 5, windowSeconds: 10 },
      fromArgs: { limit: 0, windowSeconds: 1 },
    },
    source: SLIDING_WINDOW_COUNTER,
  },
  {
    id: 'gcra',
    title: 'GCRA (theoretical arrival time)',
    summary: 'One timestamp per key; admits what a token bucket of the same burst and rate admits.',
    keys: ['gcra:{key}'],
    args: ['1', '5', '{cost}'],
    reference: {
      algorithm: 'gcra',
      params: { ratePerSecond: 1, burst: 5 },
      fromArgs: { ratePerSecond: 0, burst: 1 },
    },
    source: GCRA,
  },
  {
    id: 'leaky-bucket',
    title: 'Leaky bucket (NGINX limit_req, nodelay)',
    summary:
      'The queue drains at the rate; a request that would overflow the burst is refused. Cost is 1.',
    keys: ['leaky:{key}'],
    args: ['1', '2'],
    reference: {
      algorithm: 'leaky-bucket',
      params: { ratePerSecond: 1, burst: 2 },
      fromArgs: { ratePerSecond: 0, burst: 1 },
    },
    source: LEAKY_BUCKET,
  },
  {
    id: 'concurrency',
    title: 'Concurrency limit (leases in a sorted set)',
    summary:
      'At most N requests in flight; each holds its slot until it ends or its lease runs out.',
    keys: ['inflight:{key}'],
    args: ['3', '2', '{cost}'],
    source: CONCURRENCY,
  },
  {
    id: 'multi-bucket',
    title: 'All-or-nothing: credential, tenant, global',
    summary: 'Three token buckets checked together; nothing is spent unless every bucket admits.',
    keys: ['cred:{key}', 'tenant:{key}', 'global'],
    args: ['{cost}', '5', '1', '20', '4', '100', '20'],
    source: MULTI_BUCKET,
  },
  {
    id: 'get-then-set',
    title: 'GET then SET (unsafe, for the race lesson)',
    summary:
      'Reads, decides and writes in separate commands: run it as app-server code to see the race.',
    keys: ['count:{key}'],
    args: ['3', '60', '{cost}'],
    source: GET_THEN_SET,
  },
];

export function templateById(id: string): ScriptTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}
