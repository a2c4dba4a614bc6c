// Lua limiter templates for the editor, lessons and practice problems. Each one runs on the
// lab's Redis model with the KEYS/ARGV templates of `algorithm: "lua"` (docs/spec/headless.md).

export type TemplateId =
  | 'token-bucket'
  | 'fixed-window'
  | 'sliding-log'
  | 'sliding-window-counter'
  | 'gcra'
  | 'multi-bucket'
  | 'get-then-set';

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

const TOKEN_BUCKET = `-- Token bucket (the seed chapter's script).
-- KEYS[1]: one bucket key
-- ARGV[1]: capacity
-- ARGV[2]: refill tokens per second
-- ARGV[3]: request cost
local key = KEYS[1]
local capacity = tonumber(ARGV[1])
local refill_rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])

if not capacity or capacity <= 0
    or not refill_rate or refill_rate <= 0
    or not cost or cost <= 0 then
  return redis.error_reply("capacity, refill rate, and cost must be positive")
end

if cost > capacity then
  return {0, 0, -1}
end

local clock = redis.call("TIME")
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local state = redis.call("HMGET", key, "tokens", "updated_at")
local tokens = tonumber(state[1])
local last_refill = tonumber(state[2])

if tokens == nil and last_refill == nil then
  tokens = capacity
  last_refill = now
elseif tokens == nil or last_refill == nil then
  return redis.error_reply("incomplete token bucket state")
end

local elapsed = math.max(0, now - last_refill)
tokens = math.max(0, math.min(capacity, tokens + elapsed * refill_rate))
-- If the wall clock moves backwards, keep the later stored timestamp.
local updated_at = math.max(now, last_refill)
local allowed = 0
local retry_after = 0

if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  retry_after = math.max(1, math.ceil((cost - tokens) / refill_rate))
end

redis.call("HSET", key, "tokens", tokens, "updated_at", updated_at)
redis.call("EXPIRE", key, math.ceil(capacity / refill_rate) + 1)
return {allowed, math.floor(tokens), retry_after}
`;

const FIXED_WINDOW = `-- Fixed window: one counter per key and window, read and written in one script,
-- so no other client can slip between the check and the increment, and the
-- counter can never be left without its expiry.
-- Windows start at multiples of the window on the server's clock (Unix time), as
-- in production. The lab's clock starts at Unix 1700000000, a multiple of 10 s.
-- KEYS[1]: counter key prefix   ARGV[1]: limit   ARGV[2]: window seconds   ARGV[3]: cost
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
if cost > limit then
  return {0, 0, -1}
end

local clock = redis.call("TIME")
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local w = math.floor(now / window)
local key = KEYS[1] .. ":" .. w

local count = tonumber(redis.call("GET", key) or "0")
if count + cost > limit then
  local retry = math.max(1, math.ceil((w + 1) * window - now))
  return {0, limit - count, retry}
end

count = redis.call("INCRBY", key, cost)
redis.call("EXPIRE", key, window + 1)
return {1, limit - count, 0}
`;

const SLIDING_LOG = `-- Sliding log on a sorted set: one member per admitted request, scored by time.
-- Members are "<sequence>:<cost>" so weighted requests can be summed.
-- KEYS[1]: log key   ARGV[1]: limit   ARGV[2]: window seconds   ARGV[3]: cost
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
if cost > limit then
  return {0, 0, -1}
end

local clock = redis.call("TIME")
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000

-- Entries exactly one window old have left: the bound is inclusive.
redis.call("ZREMRANGEBYSCORE", key, "-inf", now - window)

local entries = redis.call("ZRANGE", key, 0, -1, "WITHSCORES")
local used = 0
for i = 1, #entries, 2 do
  local c = tonumber(string.match(entries[i], ":(.+)$"))
  used = used + c
end

if used + cost <= limit then
  local seq = redis.call("INCR", key .. ":seq")
  redis.call("ZADD", key, now, seq .. ":" .. cost)
  redis.call("EXPIRE", key, math.ceil(window) + 1)
  redis.call("EXPIRE", key .. ":seq", math.ceil(window) + 1)
  return {1, limit - used - cost, 0}
end

-- Denied: wait until enough of the oldest entries have left the window.
local freed = 0
for i = 1, #entries, 2 do
  freed = freed + tonumber(string.match(entries[i], ":(.+)$"))
  if used - freed + cost <= limit then
    local ts = tonumber(entries[i + 1])
    return {0, limit - used, math.max(1, math.ceil(ts + window - now))}
  end
end
return {0, limit - used, -1}
`;

const SLIDING_WINDOW_COUNTER = `-- Sliding-window counter: the current window's count plus the previous window's,
-- weighted by how much of it still overlaps the rolling window. An estimate.
-- KEYS[1]: counter key prefix   ARGV[1]: limit   ARGV[2]: window seconds   ARGV[3]: cost
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
if cost > limit then
  return {0, 0, -1}
end

local clock = redis.call("TIME")
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local w = math.floor(now / window)
local elapsed = now - w * window
local current_key = KEYS[1] .. ":" .. w
local previous = tonumber(redis.call("GET", KEYS[1] .. ":" .. (w - 1)) or "0")
local current = tonumber(redis.call("GET", current_key) or "0")
local estimate = previous * (window - elapsed) / window + current

if estimate + cost <= limit then
  redis.call("INCRBY", current_key, cost)
  redis.call("EXPIRE", current_key, 2 * window + 1)
  return {1, math.floor(limit - estimate - cost), 0}
end
return {0, math.max(0, math.floor(limit - estimate)), 1}
`;

const GCRA = `-- GCRA: store one number per key, the theoretical arrival time (TAT).
-- KEYS[1]: TAT key   ARGV[1]: rate per second   ARGV[2]: burst   ARGV[3]: cost
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
if cost > burst then
  return {0, 0, -1}
end

local clock = redis.call("TIME")
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local interval = 1 / rate
local tat = tonumber(redis.call("GET", KEYS[1]) or now)
local new_tat = math.max(tat, now) + cost * interval
local allow_at = new_tat - burst * interval

if allow_at <= now then
  redis.call("SET", KEYS[1], new_tat, "EX", math.ceil(burst * interval) + 1)
  return {1, math.floor((now - allow_at) / interval), 0}
end
return {0, 0, math.max(1, math.ceil(allow_at - now))}
`;

const MULTI_BUCKET = `-- All-or-nothing: a credential, a tenant and a global token bucket in one script.
-- Refill and check every bucket; spend from all of them only if all admit.
-- KEYS[i]: bucket i   ARGV: cost, then capacity and refill rate for each bucket
local cost = tonumber(ARGV[1])
local clock = redis.call("TIME")
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local buckets = {}
local allowed = 1
local retry = 0

for i = 1, #KEYS do
  local capacity = tonumber(ARGV[2 * i])
  local rate = tonumber(ARGV[2 * i + 1])
  if cost > capacity then
    return {0, 0, -1}
  end
  local state = redis.call("HMGET", KEYS[i], "tokens", "updated_at")
  local tokens = tonumber(state[1]) or capacity
  local last = tonumber(state[2]) or now
  tokens = math.min(capacity, tokens + math.max(0, now - last) * rate)
  buckets[i] = {tokens = tokens, updated = math.max(now, last), capacity = capacity, rate = rate}
  if tokens < cost then
    allowed = 0
    retry = math.max(retry, math.ceil((cost - tokens) / rate))
  end
end

local remaining = nil
for i = 1, #KEYS do
  local b = buckets[i]
  if allowed == 1 then
    b.tokens = b.tokens - cost
  end
  if remaining == nil or b.tokens < remaining then
    remaining = b.tokens
  end
  redis.call("HSET", KEYS[i], "tokens", b.tokens, "updated_at", b.updated)
  redis.call("EXPIRE", KEYS[i], math.ceil(b.capacity / b.rate) + 1)
end
if allowed == 1 then
  return {1, math.floor(remaining), 0}
end
return {0, math.floor(remaining), math.max(1, retry)}
`;

const GET_THEN_SET = `-- UNSAFE on purpose: read, decide, then write in separate commands.
-- As app-server code, two servers can both read the same count and both admit.
-- KEYS[1]: counter key   ARGV[1]: limit   ARGV[2]: window seconds   ARGV[3]: cost
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])

local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + cost > limit then
  return {0, limit - count, 1}
end
redis.call("SET", KEYS[1], count + cost, "EX", window)
return {1, limit - count - cost, 0}
`;

export const TEMPLATES: readonly ScriptTemplate[] = [
  {
    id: 'token-bucket',
    title: 'Token bucket (seed chapter)',
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
