// The Lua side of the sandbox, run once per Lua state with the full standard library still
// in reach. It builds what a Redis 7.0 script sees (globals, redis, cjson, bit, the Lua 5.1
// names), hides everything else, and makes the globals read-only the way Redis 7 does.
// Error texts copy redis-server 7.0.15 (checked by test/redis/corpus/lua.jsonl).
//
// Chunk name "=[lab]": the error handler skips frames from this chunk, so an error raised
// here is reported at the user's line, as Redis reports errors raised by its C libraries.

export const PRELUDE_CHUNK = '=[lab]';

export const PRELUDE = String.raw`
local native = ...
local G = _G
local type, error, rawget, rawset, rawequal, setmetatable, getmetatable, pairs, ipairs, next, select, tostring, tonumber, pcall, xpcall, assert =
      type, error, rawget, rawset, rawequal, setmetatable, getmetatable, pairs, ipairs, next, select, tostring, tonumber, pcall, xpcall, assert
local string, math, table, coroutine, utf8 = string, math, table, coroutine, utf8
local sformat, sbyte, schar, ssub, sfind, sgsub, srep = string.format, string.byte, string.char, string.sub, string.find, string.gsub, string.rep
local mtype, floor, huge, tointeger, fmod = math.type, math.floor, math.huge, math.tointeger, math.fmod
local tconcat, tunpack = table.concat, table.unpack
local load, collectgarbage = load, collectgarbage
local NULL = native.null

local function ro() error('Attempt to modify a readonly table', 2) end
local protected = setmetatable({}, { __mode = 'k' })
local function readonly(lib)
  local p = setmetatable({}, {
    __index = lib,
    __newindex = ro,
    __metatable = false,
    __pairs = function() return next, lib, nil end,
  })
  protected[p] = true
  return p
end
local function copy(t) local c = {} for k, v in pairs(t) do c[k] = v end return c end

-- Lua 5.1 tostring: numbers print with %.14g, so 10/2 prints 5, not 5.0.
local function tostring51(v)
  if mtype(v) == 'float' then return sformat('%.14g', v) end
  return tostring(v)
end

-- Redis's pcall: an error table {err=...} comes back as its message string.
local function pfix(ok, ...)
  if ok then return ok, ... end
  local e = ...
  if type(e) == 'table' then
    local m = e.err
    if type(m) == 'string' or type(m) == 'number' then return false, m end
  end
  return false, e
end
local function pcall51(...) return pfix(pcall(...)) end

local function rawset51(t, k, v)
  if protected[t] then error('Attempt to modify a readonly table', 0) end
  return rawset(t, k, v)
end

local function load51(chunk, name)
  if type(chunk) == 'string' then return load(chunk, name, 't') end
  return load(chunk, name or '=(load)', 't')
end
local function loadstring51(s, name) return load(s, name or s, 't') end

local function gc(opt, arg)
  opt = opt or 'collect'
  if opt == 'count' then return collectgarbage('count') end
  if opt == 'collect' or opt == 'step' then return collectgarbage(opt, arg) end
  return 0
end

-- math: Lua 5.1 names, and Redis's deterministic rand48 reseeded at every script run.
local M = copy(math)
M.pow = function(x, y) return x ^ y end
M.mod = fmod
M.ldexp = function(m, e) return m * 2.0 ^ e end
M.log10 = function(x) return math.log(x, 10) end
M.maxinteger, M.mininteger, M.tointeger, M.type, M.ult = nil, nil, nil, nil, nil
-- Redis's rand48 starts at lrand48's default state and is never reseeded between scripts.
local rstate = 0x1234ABCD330E
local function srand48(seed) rstate = ((seed & 0xffffffff) << 16) | 0x330E end
local function lrand48()
  rstate = (rstate * 0x5DEECE66D + 0xB) & 0xffffffffffff
  return rstate >> 17
end
M.random = function(m, n)
  local r = (lrand48() % 0x7fffffff) / 0x7fffffff
  if m == nil then return r end
  if n == nil then
    if m < 1 then error("bad argument #1 to 'random' (interval is empty)", 2) end
    return floor(r * m) + 1
  end
  if m > n then error("bad argument #2 to 'random' (interval is empty)", 2) end
  return floor(r * (n - m + 1)) + m
end
M.randomseed = function(s)
  srand48(tointeger(floor(s)) or 0)
end

local T = copy(table)
T.getn = function(t) return #t end
T.maxn = function(t)
  local m = 0
  for k in pairs(t) do if type(k) == 'number' and k > m then m = k end end
  return m
end
T.foreach = function(t, f) for k, v in pairs(t) do local r = f(k, v) if r ~= nil then return r end end end
T.foreachi = function(t, f) for i = 1, #t do local r = f(i, t[i]) if r ~= nil then return r end end end
T.setn = function() error("'setn' is obsolete", 2) end
T.move, T.pack = nil, nil

local S = copy(string)
S.gfind = string.gmatch
S.pack, S.packsize, S.unpack = nil, nil, nil

-- bit: LuaBitOp on 32-bit signed integers.
local function tobit(x)
  if type(x) ~= 'number' then x = tonumber(x) end
  if x == nil then error('bad argument #1 (number expected)', 3) end
  if mtype(x) == 'float' then
    if x ~= x or x == huge or x == -huge then return 0 end
    local r = floor(x)
    local d = x - r
    if d > 0.5 or (d == 0.5 and fmod(r, 2) ~= 0) then r = r + 1 end
    x = tointeger(fmod(r, 4294967296.0))
  end
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end
local function fold(op)
  return function(a, ...)
    local r = tobit(a)
    for i = 1, select('#', ...) do r = op(r, tobit((select(i, ...)))) end
    return tobit(r)
  end
end
local bit = {
  tobit = function(x) return tobit(x) end,
  band = fold(function(a, b) return a & b end),
  bor = fold(function(a, b) return a | b end),
  bxor = fold(function(a, b) return a ~ b end),
  bnot = function(x) return tobit(~tobit(x)) end,
  lshift = function(x, n) return tobit((tobit(x) & 0xffffffff) << (tobit(n) & 31)) end,
  rshift = function(x, n) return tobit((tobit(x) & 0xffffffff) >> (tobit(n) & 31)) end,
  arshift = function(x, n) return tobit(tobit(x) // (1 << (tobit(n) & 31))) end,
  rol = function(x, n)
    x = tobit(x) & 0xffffffff; n = tobit(n) & 31
    return tobit(((x << n) | (x >> (32 - n))) & 0xffffffff)
  end,
  ror = function(x, n)
    x = tobit(x) & 0xffffffff; n = tobit(n) & 31
    return tobit(((x >> n) | (x << (32 - n))) & 0xffffffff)
  end,
  bswap = function(x)
    x = tobit(x) & 0xffffffff
    return tobit(((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >> 8) & 0xff00) | (x >> 24))
  end,
  tohex = function(x, n)
    n = n == nil and 8 or tobit(n)
    local fmt = '%0' .. (n < 0 and -n or n) .. (n < 0 and 'X' or 'x')
    if n < 0 then n = -n end
    if n > 8 then n = 8 end
    return sformat(fmt, tobit(x) & ((1 << (4 * n)) - 1)):sub(-n)
  end,
}

-- cjson, following Redis's lua-cjson 2.1 (numbers with %.14g, '/' escaped, {} for empty).
local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['/'] = '\\/', ['\b'] = '\\b', ['\f'] = '\\f',
  ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t', ['\127'] = '\\u007f' }
for i = 0, 31 do local c = schar(i) if not escapes[c] then escapes[c] = sformat('\\u%04x', i) end end
local function jstr(s) return '"' .. sgsub(s, '[%c"\\/\127]', escapes) .. '"' end
local function jnum(x)
  if x ~= x or x == huge or x == -huge then error('Cannot serialise number: must not be NaN or Inf', 0) end
  return sformat('%.14g', x)
end
local encode
local function enc(v, depth, out)
  local t = type(v)
  if t == 'string' then out[#out + 1] = jstr(v)
  elseif t == 'number' then out[#out + 1] = jnum(v)
  elseif t == 'boolean' then out[#out + 1] = v and 'true' or 'false'
  elseif t == 'nil' or rawequal(v, NULL) then out[#out + 1] = 'null'
  elseif t == 'table' then
    if depth > 1000 then error('Cannot serialise, excessive nesting (' .. depth .. ')', 0) end
    local max, items, isarr = 0, 0, true
    for k in pairs(v) do
      if mtype(k) and k >= 1 and floor(k) == k then
        if k > max then max = k end
        items = items + 1
      else isarr = false break end
    end
    if isarr and max > 10 and max > items * 2 then
      error('Cannot serialise table: excessively sparse array', 0)
    end
    if isarr and items > 0 then
      out[#out + 1] = '['
      for i = 1, max do
        if i > 1 then out[#out + 1] = ',' end
        enc(v[i], depth + 1, out)
      end
      out[#out + 1] = ']'
    else
      out[#out + 1] = '{'
      local first = true
      for k, val in pairs(v) do
        local kt = type(k)
        if not first then out[#out + 1] = ',' end
        first = false
        if kt == 'string' then out[#out + 1] = jstr(k)
        elseif kt == 'number' then out[#out + 1] = '"' .. jnum(k) .. '"'
        else error('Cannot serialise table: table key must be a number or string', 0) end
        out[#out + 1] = ':'
        enc(val, depth + 1, out)
      end
      out[#out + 1] = '}'
    end
  else
    error('Cannot serialise ' .. t .. ': type not supported', 0)
  end
end
encode = function(...)
  if select('#', ...) ~= 1 then error("bad argument #1 to 'encode' (expected 1 argument)", 0) end
  local out = {}
  enc((...), 1, out)
  return tconcat(out)
end

local function decode(str)
  if type(str) ~= 'string' then
    if type(str) == 'number' then str = tostring51(str)
    else error("bad argument #1 to 'decode' (string expected, got " .. type(str) .. ")", 0) end
  end
  local pos, len = 1, #str
  local function fail(expected, found, at)
    error('Expected ' .. expected .. ' but found ' .. found .. ' at character ' .. at, 0)
  end
  -- token: kind, value, start
  local function token()
    local s = sfind(str, '[^ \t\r\n]', pos)
    if not s then pos = len + 1 return 'T_END', nil, len + 1 end
    pos = s
    local c = ssub(str, s, s)
    if c == '{' then pos = s + 1 return 'T_OBJ_BEGIN', nil, s end
    if c == '}' then pos = s + 1 return 'T_OBJ_END', nil, s end
    if c == '[' then pos = s + 1 return 'T_ARR_BEGIN', nil, s end
    if c == ']' then pos = s + 1 return 'T_ARR_END', nil, s end
    if c == ':' then pos = s + 1 return 'T_COLON', nil, s end
    if c == ',' then pos = s + 1 return 'T_COMMA', nil, s end
    if c == '"' then
      local buf, i = {}, s + 1
      while true do
        local j = sfind(str, '["\\]', i)
        if not j then return 'invalid', 'unexpected end of string', s end
        buf[#buf + 1] = ssub(str, i, j - 1)
        if ssub(str, j, j) == '"' then pos = j + 1 break end
        local e = ssub(str, j + 1, j + 1)
        local simple = ({ b = '\b', f = '\f', n = '\n', r = '\r', t = '\t', ['"'] = '"', ['\\'] = '\\', ['/'] = '/' })[e]
        if simple then buf[#buf + 1] = simple; i = j + 2
        elseif e == 'u' then
          local hex = ssub(str, j + 2, j + 5)
          local cp = #hex == 4 and sfind(hex, '^%x%x%x%x$') and tonumber(hex, 16)
          if not cp then return 'invalid', 'invalid unicode escape code', s end
          i = j + 6
          if cp >= 0xD800 and cp <= 0xDBFF then
            local lo = ssub(str, i, i + 1) == '\\u' and tonumber(ssub(str, i + 2, i + 5), 16)
            if not lo or lo < 0xDC00 or lo > 0xDFFF then return 'invalid', 'invalid unicode escape code', s end
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
            i = i + 6
          elseif cp >= 0xDC00 and cp <= 0xDFFF then return 'invalid', 'invalid unicode escape code', s end
          buf[#buf + 1] = utf8.char(cp)
        else return 'invalid', 'invalid escape code', s end
      end
      return 'T_STRING', tconcat(buf), s
    end
    if sfind(c, '[-0-9]') then
      local num = str:match('^-?%d+%.?%d*[eE]?[-+]?%d*', s)
      local v = num and tonumber(num)
      if not v then return 'invalid', 'invalid number', s end
      pos = s + #num
      if not sfind(num, '[.eE]') then
        local i = tointeger(v)
        if i and i > -2^53 and i < 2^53 then v = i else v = v + 0.0 end
      end
      return 'T_NUMBER', v, s
    end
    if ssub(str, s, s + 3) == 'true' then pos = s + 4 return 'T_BOOLEAN', true, s end
    if ssub(str, s, s + 4) == 'false' then pos = s + 5 return 'T_BOOLEAN', false, s end
    if ssub(str, s, s + 3) == 'null' then pos = s + 4 return 'T_NULL', NULL, s end
    return 'invalid', 'invalid token', s
  end
  local value
  local function found(k, v) if k == 'invalid' then return v end return k end
  value = function(k, v, at, depth)
    if k == 'T_OBJ_BEGIN' then
      if depth > 1000 then error('Found too many nested data structures (' .. depth .. ') at character ' .. at, 0) end
      local obj = {}
      local k2, v2, at2 = token()
      if k2 == 'T_OBJ_END' then return obj end
      while true do
        if k2 ~= 'T_STRING' then fail('object key string', found(k2, v2), at2) end
        local ck, cv, cat = token()
        if ck ~= 'T_COLON' then fail('colon', found(ck, cv), cat) end
        local vk, vv, vat = token()
        obj[v2] = value(vk, vv, vat, depth + 1)
        local sk, sv, sat = token()
        if sk == 'T_OBJ_END' then return obj end
        if sk ~= 'T_COMMA' then fail('comma or object end', found(sk, sv), sat) end
        k2, v2, at2 = token()
      end
    elseif k == 'T_ARR_BEGIN' then
      if depth > 1000 then error('Found too many nested data structures (' .. depth .. ') at character ' .. at, 0) end
      local arr, n = {}, 0
      local k2, v2, at2 = token()
      if k2 == 'T_ARR_END' then return arr end
      while true do
        n = n + 1
        arr[n] = value(k2, v2, at2, depth + 1)
        local sk, sv, sat = token()
        if sk == 'T_ARR_END' then return arr end
        if sk ~= 'T_COMMA' then fail('comma or array end', found(sk, sv), sat) end
        k2, v2, at2 = token()
      end
    elseif k == 'T_STRING' or k == 'T_NUMBER' or k == 'T_BOOLEAN' or k == 'T_NULL' then
      return v
    end
    fail('value', found(k, v), at)
  end
  local k, v, at = token()
  local result = value(k, v, at, 1)
  local ek, ev, eat = token()
  if ek ~= 'T_END' then fail('the end', found(ek, ev), eat) end
  return result
end
-- native.lib wraps a Lua function in a C closure whose errors name the caller's line, as
-- luaL_error does in Redis's C libraries (and a C frame survives the caller's tail call).
local lib = native.lib
for k, f in pairs(bit) do bit[k] = lib(f) end
local cjson = {
  encode = lib(encode),
  decode = lib(decode),
  null = NULL,
  encode_keep_buffer = function() end,
  encode_max_depth = function() return 1000 end,
  decode_max_depth = function() return 1000 end,
  encode_number_precision = function() return 14 end,
  encode_sparse_array = function() return false, 2, 10 end,
  encode_invalid_numbers = function() return false end,
  decode_invalid_numbers = function() return true end,
}

-- redis.*
local function error_reply(...)
  local e = ...
  if select('#', ...) ~= 1 or type(e) ~= 'string' then return { err = 'ERR wrong number or type of arguments' } end
  if ssub(e, 1, 1) ~= '-' then e = '-' .. e end
  local sp = sfind(e, ' ', 1, true)
  local code, msg
  if sp then code, msg = ssub(e, 2, sp - 1), ssub(e, sp + 1) else code, msg = 'ERR', ssub(e, 2) end
  msg = sgsub(sgsub(msg, '^[\r\n]+', ''), '[\r\n]+$', '')
  return { err = code .. ' ' .. msg }
end
local function status_reply(...)
  local s = ...
  if select('#', ...) ~= 1 or (type(s) ~= 'string' and type(s) ~= 'number') then
    return { err = 'ERR wrong number or type of arguments' }
  end
  return { ok = s }
end
local function mkredis(call, pcallr)
  return readonly({
    call = call,
    pcall = pcallr,
    error_reply = error_reply,
    status_reply = status_reply,
    sha1hex = native.sha1hex,
    log = native.log,
    setresp = function(v)
      if v ~= 2 and v ~= 3 then error('RESP version must be 2 or 3.', 0) end
      if v == 3 then error('The lab speaks RESP2 only: redis.setresp(3) is not supported', 0) end
    end,
    set_repl = function() end,
    replicate_commands = function() return true end,
    breakpoint = function() return false end,
    debug = function() end,
    LOG_DEBUG = 0, LOG_VERBOSE = 1, LOG_NOTICE = 2, LOG_WARNING = 3,
    REPL_NONE = 0, REPL_AOF = 1, REPL_SLAVE = 2, REPL_REPLICA = 2, REPL_ALL = 3,
    REDIS_VERSION = '7.0.15', REDIS_VERSION_NUM = 0x07000f,
  })
end

local H = {
  assert = assert, error = native.error, getmetatable = getmetatable, ipairs = ipairs, next = next,
  pairs = pairs, pcall = pcall51, rawequal = rawequal, rawget = rawget, rawset = rawset51,
  select = select, setmetatable = setmetatable, tonumber = tonumber, tostring = tostring51,
  type = type, xpcall = xpcall, unpack = tunpack, load = load51, loadstring = loadstring51,
  collectgarbage = gc, gcinfo = function() return floor(collectgarbage('count')) end,
  _VERSION = 'Lua 5.1',
  string = readonly(S), math = readonly(M), table = readonly(T),
  coroutine = readonly(copy(coroutine)), bit = readonly(bit), cjson = readonly(cjson),
  redis = mkredis(native.call, native.pcall),
  _G = G,
}
setmetatable(H, { __index = function(_, k)
  error("Script attempted to access nonexistent global variable '" .. tostring(k) .. "'", 2)
end })

-- The strings' metatable stays reachable only through string methods.
getmetatable('').__index = H.string
getmetatable('').__metatable = false

-- Empty the real globals table; scripts see it as a read-only view of H.
for k in pairs(copy(G)) do G[k] = nil end
setmetatable(G, { __index = H, __newindex = ro, __metatable = false, __pairs = function() return next, H, nil end })
protected[G] = true

-- An app server's environment: its own KEYS/ARGV, and a redis whose calls yield.
local appRedis = mkredis(native.appcall, native.apppcall)
local function appenv(keys, argv)
  local env = { KEYS = keys, ARGV = argv, redis = appRedis }
  return setmetatable(env, { __index = H, __newindex = ro, __metatable = false })
end

return H, appenv
`;
