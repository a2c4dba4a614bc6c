-- The seed chapter's token-bucket script (section 6), as committed in
-- examples/python/rate_limiter/token_bucket.lua. Runs as the lab's "lua" limiter.
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
