// Redis 7 functions (functions.c, function_lua.c): the libraries FUNCTION LOAD keeps and the
// Lua that loads and calls them. The lab's engine runs scripts only, so a library runs as an
// EVAL of FUNCTION_RUNNER, one fixed script (compiled once): it loads the library's code with
// `loadstring(code, '@user_function')` (so errors name `user_function:LINE` as in Redis),
// giving it a `redis` whose load-time API is Redis's (register_function, log, the LOG_*
// levels, REDIS_VERSION*; anything else is a nonexistent global), then either lists what the
// library registered (FUNCTION LOAD) or calls one function with its keys and args (FCALL).
// Where this differs from Redis (library state is rebuilt on every call; inside a function
// the KEYS and ARGV globals exist and other globals follow EVAL's rules) is listed in
// test/redis/known-differences.json's notes and docs/spec/redis-model.md.

/** The script flags a function may carry, in Redis's order (scripts_flags_def). */
export const FUNCTION_FLAGS = [
  'no-writes',
  'allow-oom',
  'allow-stale',
  'no-cluster',
  'allow-cross-slot-keys',
] as const;

export interface LibFunction {
  readonly name: string;
  readonly library: string;
  readonly description: string | null;
  readonly flags: ReadonlySet<string>;
}

export interface Library {
  readonly name: string;
  /** The whole FUNCTION LOAD payload, shebang included (FUNCTION LIST WITHCODE). */
  readonly code: string;
  /** The code after the shebang line, starting with its line break (what the engine loads). */
  readonly body: string;
  /** In registration order. */
  readonly functions: readonly LibFunction[];
}

/** Every loaded library, and every function by lowercase name (FCALL is case-insensitive). */
export class FunctionRegistry {
  readonly libraries = new Map<string, Library>();
  readonly functions = new Map<string, LibFunction>();

  add(lib: Library): void {
    this.libraries.set(lib.name, lib);
    for (const f of lib.functions) this.functions.set(f.name.toLowerCase(), f);
  }

  remove(name: string): Library | undefined {
    const lib = this.libraries.get(name);
    if (lib === undefined) return undefined;
    this.libraries.delete(name);
    for (const f of lib.functions) this.functions.delete(f.name.toLowerCase());
    return lib;
  }

  clear(): void {
    this.libraries.clear();
    this.functions.clear();
  }
}

/**
 * ARGV: [library body, function name ('' to load and list), then the function's args].
 * Loading answers {name, description or false, 'flag,flag', ...} or an error reply.
 */
export const FUNCTION_RUNNER = `local src, fname = ARGV[1], ARGV[2]
local keys, args = {}, {}
for i = 1, #KEYS do keys[i] = KEYS[i] end
for i = 3, #ARGV do args[#args + 1] = ARGV[i] end
local real = redis
local loading = true
local fns, order = {}, {}
local FLAGS = {['no-writes'] = true, ['allow-oom'] = true, ['allow-stale'] = true,
  ['no-cluster'] = true, ['allow-cross-slot-keys'] = true}
local function fail(msg) error({err = msg}) end
local function str(v) local t = type(v) return (t == 'string' or t == 'number') and tostring(v) or nil end
local function register(...)
  local n = select('#', ...)
  if n < 1 or n > 2 then fail('wrong number of arguments to redis.register_function') end
  local name, cb, desc, flags = nil, nil, nil, {}
  if n == 1 then
    local t = ...
    if type(t) ~= 'table' then
      fail('calling redis.register_function with a single argument is only applicable to Lua table (representing named arguments).')
    end
    for k, v in pairs(t) do
      if str(k) == nil then fail('named argument key given to redis.register_function is not a string') end
      local key = string.lower(str(k))
      if key == 'function_name' then
        name = str(v)
        if name == nil then fail('function_name argument given to redis.register_function must be a string') end
      elseif key == 'description' then
        desc = str(v)
        if desc == nil then fail('description argument given to redis.register_function must be a string') end
      elseif key == 'callback' then
        if type(v) ~= 'function' then fail('callback argument given to redis.register_function must be a function') end
        cb = v
      elseif key == 'flags' then
        if type(v) ~= 'table' then
          fail('flags argument to redis.register_function must be a table representing function flags')
        end
        local j = 1
        while v[j] ~= nil do
          local f = str(v[j])
          if f == nil or not FLAGS[string.lower(f)] then fail('unknown flag given') end
          flags[#flags + 1] = string.lower(f)
          j = j + 1
        end
      else
        fail('unknown argument given to redis.register_function')
      end
    end
    if name == nil then fail('redis.register_function must get a function name argument') end
    if cb == nil then fail('redis.register_function must get a callback argument') end
  else
    local a, b = ...
    name = str(a)
    if name == nil then fail('first argument to redis.register_function must be a string') end
    if type(b) ~= 'function' then fail('second argument to redis.register_function must be a function') end
    cb = b
  end
  if not string.find(name, '^[%w_]+$') then
    fail('Library names can only contain letters, numbers, or underscores(_) and must be at least one character long')
  end
  if fns[name] then fail('Function already exists in the library') end
  fns[name] = {cb, desc or false, table.concat(flags, ',')}
  order[#order + 1] = name
end
local api = {register_function = register, log = real.log, LOG_DEBUG = real.LOG_DEBUG,
  LOG_VERBOSE = real.LOG_VERBOSE, LOG_NOTICE = real.LOG_NOTICE, LOG_WARNING = real.LOG_WARNING,
  REDIS_VERSION = real.REDIS_VERSION, REDIS_VERSION_NUM = real.REDIS_VERSION_NUM}
local proxy = setmetatable({}, {
  __index = function(_, k)
    if not loading then return real[k] end
    local v = api[k]
    if v == nil then
      error("Script attempted to access nonexistent global variable '" .. tostring(k) .. "'", 2)
    end
    return v
  end,
  __newindex = function() error('Attempt to modify a readonly table', 2) end,
  __metatable = false,
})
local chunk, cerr = loadstring('local redis = ...;' .. src, '@user_function')
if not chunk then return {err = 'ERR Error compiling function: ' .. cerr} end
local ok, e = pcall(chunk, proxy)
if not ok then
  if type(e) == 'table' then e = e.err else e = 'ERR ' .. tostring(e) end
  return {err = 'ERR Error registering functions: ' .. tostring(e)}
end
loading = false
if fname == '' then
  local out = {}
  for _, name in ipairs(order) do
    local f = fns[name]
    out[#out + 1] = name
    out[#out + 1] = f[2]
    out[#out + 1] = f[3]
  end
  return out
end
local f
for name, v in pairs(fns) do
  if string.lower(name) == string.lower(fname) then f = v[1] end
end
local r = f(keys, args)
return r
`;
