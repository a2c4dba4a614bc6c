/*
 * Rate Limit Lab: the glue between Redis's own Lua 5.1 (deps/lua of Debian's redis source
 * package) and the lab's Redis model, which lives in JavaScript.
 *
 * What a script sees follows redis-server 7.0.15 (src/eval.c, src/script_lua.c): the same
 * libraries loaded in the same order, the same globals allow list, read-only globals and
 * library tables, Redis's pcall, redis.* functions, math.random, its error handler and its
 * conversions between Lua values and replies. What the lab adds:
 *
 *  - an allocator with a per-state byte cap;
 *  - a step budget: a count hook every LAB_HOOK_EVERY VM instructions, plus the C-level loops
 *    the patched sources charge (string making, string.rep, the pattern matcher); once spent,
 *    every further instruction raises the lab's kill error, so pcall cannot catch it for long;
 *  - the redis.call bridge: arguments go to JS in one buffer, the reply comes back in another
 *    (formats in wasm.ts), so one redis.call costs one JS call;
 *  - app-server executions (mode LAB_APP): the same script, but JS answers redis.call from a
 *    recorded list of replies and stops the execution at the first call it has no reply for.
 *
 * Every entry point runs inside lua_cpcall, so no Lua error escapes to the host.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lauxlib.h"
#include "lstate.h" /* nCcalls: scripts run at the C-call depth Redis runs them at */
#include "lua.h"
#include "lualib.h"

#define EXPORT __attribute__((used, visibility("default")))
#define IMPORT(name) __attribute__((import_module("env"), import_name(name)))

/* Implemented by the JS side (wasm.ts). */
IMPORT("lab_js_call") int lab_js_call(const unsigned char *args, int len);
IMPORT("lab_js_log") void lab_js_log(int level, const unsigned char *msg, int len);
IMPORT("lab_js_sha1hex") void lab_js_sha1hex(const unsigned char *data, int len);

LUALIB_API int luaopen_cjson(lua_State *L);
LUALIB_API int luaopen_struct(lua_State *L);
LUALIB_API int luaopen_cmsgpack(lua_State *L);
LUALIB_API int luaopen_bit(lua_State *L);

#define LAB_HOOK_EVERY 1000
#define LAB_EVAL 0
#define LAB_APP 1

#define TRIP_NONE 0
#define TRIP_STEPS 1
#define TRIP_MEMORY 2
#define TRIP_STOP 3 /* app mode: JS has no reply for this call yet */

/* ------------------------------------------------------------------------------------- */
/* Buffers shared with JS                                                                 */

typedef struct {
  unsigned char *p;
  size_t n, cap;
  int oom;
} Buf;

static Buf in_;   /* JS -> C: eval inputs, sources, replies to redis.call */
static Buf args_; /* C -> JS: redis.call arguments, log lines, sha1hex input */
static Buf out_;  /* C -> JS: the script's reply */

static int buf_reserve(Buf *b, size_t extra) {
  size_t need, cap;
  unsigned char *q;
  if (b->n + extra <= b->cap) return 1;
  need = b->n + extra;
  cap = b->cap ? b->cap : 4096;
  while (cap < need) cap *= 2;
  q = realloc(b->p, cap);
  if (!q) {
    b->oom = 1;
    return 0;
  }
  b->p = q;
  b->cap = cap;
  return 1;
}

static void put_bytes(Buf *b, const void *s, size_t len) {
  if (!buf_reserve(b, len)) return;
  memcpy(b->p + b->n, s, len);
  b->n += len;
}
static void put_u8(Buf *b, unsigned char c) { put_bytes(b, &c, 1); }
static void put_u32(Buf *b, uint32_t v) { put_bytes(b, &v, 4); }
static void put_str(Buf *b, unsigned char tag, const char *s, size_t len) {
  put_u8(b, tag);
  put_u32(b, (uint32_t)len);
  put_bytes(b, s, len);
}

/* The input buffer, grown on request of JS (which then writes into it). */
EXPORT unsigned char *lab_input(int need) {
  in_.n = 0;
  if (!buf_reserve(&in_, (size_t)need)) return NULL;
  in_.n = (size_t)need; /* JS writes up to `need` bytes and passes the length it used */
  return in_.p;
}
EXPORT unsigned char *lab_output(void) { return out_.p; }

typedef struct {
  const unsigned char *p, *end;
} Reader;

static uint32_t rd_u32(Reader *r) {
  uint32_t v = 0;
  if (r->end - r->p >= 4) memcpy(&v, r->p, 4);
  r->p += 4;
  return v;
}
static double rd_f64(Reader *r) {
  double v = 0;
  if (r->end - r->p >= 8) memcpy(&v, r->p, 8);
  r->p += 8;
  return v;
}

/* ------------------------------------------------------------------------------------- */
/* States, memory and the step budget                                                     */

/* The heap cap. Lua 5.1 has no emergency collection, so a state may pass `limit` (up to
 * `hard`) between two hook calls; the hook then collects, and kills the script only if the
 * live heap is still over `limit`. */
typedef struct {
  size_t used, limit, hard;
} Mem;

typedef struct {
  lua_State *L;
  Mem mem;
  int gc_count;
  int eval_ref;    /* eval_body as a Lua C function (lua_cpcall would allocate one per run) */
  int handler_ref; /* __redis__err__handler (a read-only global: the same function every run) */
  const void *handler_fn; /* the same function, to know it at a protected call's errfunc */
} State;

/* The one run in progress (runs never nest). */
static struct {
  State *S;
  int mode;
  long long steps, limit;
  int trip;
  int gc_due; /* the heap passed its cap: collect at the next hook */
  int resp;
  char sha[41];
} run;

static char *kill_text[4];

static void *lab_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Mem *m = (Mem *)ud;
  void *p;
  if (nsize == 0) {
    free(ptr);
    m->used -= osize;
    return NULL;
  }
  /* Once over the cap, only small blocks (the error and its message): a pcall around a
   * memory bomb must not start another one. */
  if (nsize > osize && run.trip == TRIP_MEMORY && run.S && nsize - osize > 4096) return NULL;
  if (nsize > osize && m->used + (nsize - osize) > m->limit) {
    if (m->used + (nsize - osize) > m->hard) {
      if (run.S && run.trip == TRIP_NONE) run.trip = TRIP_MEMORY;
      return NULL;
    }
    if (run.S) run.gc_due = 1;
  }
  p = realloc(ptr, nsize);
  if (p == NULL) {
    if (run.S && run.trip == TRIP_NONE) run.trip = TRIP_MEMORY;
    return NULL;
  }
  m->used = m->used - osize + nsize;
  return p;
}

static void push_error(lua_State *L, const char *msg, size_t len);
static void hook(lua_State *L, lua_Debug *ar);

/* Raise the lab's kill error; from now on every instruction raises it again. A message
 * handler of the script's own (xpcall's) is skipped: raised from the hook, the error would
 * run it with hooks off, out of the budget's reach. The stop goes straight to the protected
 * call; only Redis's own handler (a few fixed steps) still dresses it. */
static int raise_kill(lua_State *L) {
  const char *t = kill_text[run.trip] ? kill_text[run.trip] : "Script killed by the lab";
  lua_sethook(L, hook, LUA_MASKCOUNT, 1);
  if (L->errfunc != 0) {
    const TValue *f = (const TValue *)((const char *)L->stack + L->errfunc);
    if (!ttisfunction(f) || (const void *)clvalue(f) != run.S->handler_fn) L->errfunc = 0;
  }
  push_error(L, t, strlen(t));
  return lua_error(L);
}

static void hook(lua_State *L, lua_Debug *ar) {
  if (run.gc_due && run.trip == TRIP_NONE) {
    run.gc_due = 0;
    lua_gc(L, LUA_GCCOLLECT, 0); /* a safe point: the VM reloads its stack after a hook */
    if (run.S->mem.used > run.S->mem.limit) run.trip = TRIP_MEMORY;
  }
  if (run.trip == TRIP_NONE) {
    run.steps += LAB_HOOK_EVERY;
    if (run.steps <= run.limit) return;
    run.trip = TRIP_STEPS;
  }
  /* Let Redis's error handler finish its own work (it is Lua code too). */
  if (lua_getinfo(L, "S", ar) && strcmp(ar->source, "@err_handler_def") == 0) return;
  raise_kill(L);
}

void lab_charge(unsigned long n) {
  if (run.S == NULL) return;
  run.steps += (long long)n;
  if (run.trip == TRIP_NONE && run.steps > run.limit) run.trip = TRIP_STEPS;
}

void lab_charge_check(lua_State *L, unsigned long n) {
  lab_charge(n);
  if (run.S != NULL && run.trip != TRIP_NONE) raise_kill(L);
}

/* ------------------------------------------------------------------------------------- */
/* Errors as Redis builds them                                                            */

/* luaPushErrorBuff: "-CODE msg" keeps its code, anything else gets ERR; the message loses
 * leading and trailing CR/LF. Pushes {err = "CODE msg"}. */
static void push_error_code(lua_State *L, const char *s, size_t len, int dash) {
  const char *code = "ERR", *msg = s;
  size_t codelen = 3, msglen = len;
  luaL_Buffer b;
  if (dash) {
    const char *sp = memchr(s, ' ', len);
    if (sp == NULL) {
      msg = s;
      msglen = len;
    } else {
      code = s;
      codelen = (size_t)(sp - s);
      msg = sp + 1;
      msglen = len - codelen - 1;
    }
  }
  while (msglen && (*msg == '\r' || *msg == '\n')) msg++, msglen--;
  while (msglen && (msg[msglen - 1] == '\r' || msg[msglen - 1] == '\n')) msglen--;
  lua_newtable(L);
  lua_pushstring(L, "err");
  luaL_buffinit(L, &b);
  luaL_addlstring(&b, code, codelen);
  luaL_addchar(&b, ' ');
  luaL_addlstring(&b, msg, msglen);
  luaL_pushresult(&b);
  lua_settable(L, -3);
}

/* luaPushError: a message without a code. */
static void push_error(lua_State *L, const char *msg, size_t len) {
  push_error_code(L, msg, len, 0);
}

/* An error reply from a command (already "CODE message" without the dash). */
static void push_command_error(lua_State *L, const char *s, size_t len) {
  push_error_code(L, s, len, 1);
  lua_pushstring(L, "ignore_error_stats_update");
  lua_pushboolean(L, 1);
  lua_settable(L, -3);
}

/* ------------------------------------------------------------------------------------- */
/* Redis reply -> Lua (redisProtocolToLuaType)                                            */

static void push_reply(lua_State *L, Reader *r) {
  unsigned char tag = r->p < r->end ? *r->p : '_';
  uint32_t n, j;
  r->p++;
  if (!lua_checkstack(L, 5)) luaL_error(L, "reached lua stack limit");
  switch (tag) {
    case 'i':
      lua_pushnumber(L, rd_f64(r));
      break;
    case '$':
      n = rd_u32(r);
      lua_pushlstring(L, (const char *)r->p, n);
      r->p += n;
      break;
    case '+':
      n = rd_u32(r);
      lua_newtable(L);
      lua_pushstring(L, "ok");
      lua_pushlstring(L, (const char *)r->p, n);
      lua_settable(L, -3);
      r->p += n;
      break;
    case '-':
      n = rd_u32(r);
      push_command_error(L, (const char *)r->p, n);
      r->p += n;
      break;
    case '*':
      n = rd_u32(r);
      lua_newtable(L);
      for (j = 0; j < n; j++) {
        lua_pushnumber(L, j + 1);
        push_reply(L, r);
        lua_settable(L, -3);
      }
      break;
    case '%': /* RESP3 map */
      n = rd_u32(r);
      lua_newtable(L);
      lua_pushstring(L, "map");
      lua_newtable(L);
      for (j = 0; j < n; j++) {
        push_reply(L, r);
        push_reply(L, r);
        lua_settable(L, -3);
      }
      lua_settable(L, -3);
      break;
    case '~': /* RESP3 set */
      n = rd_u32(r);
      lua_newtable(L);
      lua_pushstring(L, "set");
      lua_newtable(L);
      for (j = 0; j < n; j++) {
        push_reply(L, r);
        lua_pushboolean(L, 1);
        lua_settable(L, -3);
      }
      lua_settable(L, -3);
      break;
    case ',': /* RESP3 double */
      lua_newtable(L);
      lua_pushstring(L, "double");
      lua_pushnumber(L, rd_f64(r));
      lua_settable(L, -3);
      break;
    case 't':
      lua_pushboolean(L, 1);
      break;
    case 'f':
      lua_pushboolean(L, 0);
      break;
    case 'N': /* RESP3 null */
      lua_pushnil(L);
      break;
    default: /* '_': RESP2 null bulk or null array */
      lua_pushboolean(L, 0);
      break;
  }
}

/* ------------------------------------------------------------------------------------- */
/* redis.* (script_lua.c)                                                                 */

static int redis_generic(lua_State *L, int raise) {
  int argc, j, bad = 0, n;
  Reader r;
  if (run.S == NULL) {
    static const char m[] = "redis.call/pcall can only be called inside a script invocation";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  if (run.trip != TRIP_NONE) return raise_kill(L);
  argc = lua_gettop(L);
  if (argc == 0) {
    static const char m[] = "Please specify at least one argument for this redis lib call";
    push_error(L, m, sizeof m - 1);
    return raise ? lua_error(L) : 1;
  }
  args_.n = 0;
  args_.oom = 0;
  put_u8(&args_, (unsigned char)run.resp);
  put_u32(&args_, (uint32_t)argc);
  for (j = 1; j <= argc; j++) {
    if (lua_type(L, j) == LUA_TNUMBER) {
      /* Not lua_tolstring: Redis keeps 17 digits. */
      char dbuf[64];
      int len = lab_fmt_g(dbuf, (double)lua_tonumber(L, j), 17);
      put_u32(&args_, (uint32_t)len);
      put_bytes(&args_, dbuf, (size_t)len);
    } else {
      size_t len;
      const char *s = lua_tolstring(L, j, &len);
      if (s == NULL) {
        bad = 1;
        break;
      }
      put_u32(&args_, (uint32_t)len);
      put_bytes(&args_, s, len);
    }
  }
  lua_pop(L, argc);
  if (bad) {
    static const char m[] = "Lua redis lib command arguments must be strings or integers";
    push_error(L, m, sizeof m - 1);
    return raise ? lua_error(L) : 1;
  }
  if (args_.oom) return luaL_error(L, "not enough memory");
  n = lab_js_call(args_.p, (int)args_.n);
  if (n < 0) {
    run.trip = TRIP_STOP;
    return raise_kill(L);
  }
  if (run.mode == LAB_APP) run.steps = 0; /* app-server code: a budget per round trip */
  r.p = in_.p;
  r.end = in_.p + n;
  if (raise && (n == 0 || *in_.p != '-')) raise = 0;
  push_reply(L, &r);
  if (raise) return lua_error(L);
  return 1;
}

static int redis_call(lua_State *L) { return redis_generic(L, 1); }
static int redis_pcall_cmd(lua_State *L) { return redis_generic(L, 0); }

/* Redis's pcall: a raised {err=...} table comes back as its message. */
static int lab_pcall(lua_State *L) {
  int argc = lua_gettop(L);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  if (lua_pcall(L, argc - 1, LUA_MULTRET, 0)) {
    lua_remove(L, 1);
    if (lua_istable(L, -1)) {
      lua_getfield(L, -1, "err");
      if (lua_isstring(L, -1)) lua_replace(L, -2);
    }
    lua_pushboolean(L, 0);
    lua_insert(L, 1);
  }
  return lua_gettop(L);
}

static int redis_sha1hex(lua_State *L) {
  size_t len = 0;
  const char *s;
  if (lua_gettop(L) != 1) {
    static const char m[] = "wrong number of arguments";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  s = lua_tolstring(L, 1, &len);
  if (s == NULL) len = 0;
  lab_js_sha1hex((const unsigned char *)(s ? s : ""), (int)len);
  lua_pushlstring(L, (const char *)in_.p, 40);
  return 1;
}

static int single_field(lua_State *L, const char *field) {
  if (lua_gettop(L) != 1 || lua_type(L, -1) != LUA_TSTRING) {
    static const char m[] = "wrong number or type of arguments";
    push_error(L, m, sizeof m - 1);
    return 1;
  }
  lua_newtable(L);
  lua_pushstring(L, field);
  lua_pushvalue(L, -3);
  lua_settable(L, -3);
  return 1;
}

static int redis_error_reply(lua_State *L) {
  const char *e;
  if (lua_gettop(L) != 1 || lua_type(L, -1) != LUA_TSTRING) {
    static const char m[] = "wrong number or type of arguments";
    push_error(L, m, sizeof m - 1);
    return 1;
  }
  e = lua_tostring(L, -1); /* a C string: Redis stops at a NUL byte */
  if (e[0] == '-') {
    push_error_code(L, e + 1, strlen(e + 1), 1);
  } else {
    push_error_code(L, e, strlen(e), 1);
  }
  return 1;
}

static int redis_status_reply(lua_State *L) { return single_field(L, "ok"); }

static int redis_set_repl(lua_State *L) {
  int flags;
  if (run.S == NULL) {
    static const char m[] = "redis.set_repl can only be called inside a script invocation";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  if (lua_gettop(L) != 1) {
    static const char m[] = "redis.set_repl() requires two arguments.";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  flags = lab_d2i(lua_tonumber(L, -1));
  if ((flags & ~(1 | 2)) != 0) {
    static const char m[] =
        "Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  return 0; /* the lab has no replicas or AOF: nothing to change */
}

/* redis.acl_check_cmd: every known command is allowed (the lab has one, default, user). */
static int redis_acl_check_cmd(lua_State *L) {
  int argc, j, bad = 0, n;
  if (run.S == NULL) {
    static const char m[] = "redis.acl_check_cmd can only be called inside a script invocation";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  argc = lua_gettop(L);
  if (argc == 0) {
    static const char m[] = "Please specify at least one argument for this redis lib call";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  args_.n = 0;
  put_u8(&args_, 0); /* resp 0: "is this a command?", not a call */
  put_u32(&args_, (uint32_t)argc);
  for (j = 1; j <= argc; j++) {
    size_t len;
    const char *s;
    char dbuf[64];
    if (lua_type(L, j) == LUA_TNUMBER) {
      len = (size_t)lab_fmt_g(dbuf, (double)lua_tonumber(L, j), 17);
      s = dbuf;
    } else {
      s = lua_tolstring(L, j, &len);
      if (s == NULL) {
        bad = 1;
        break;
      }
    }
    put_u32(&args_, (uint32_t)len);
    put_bytes(&args_, s, len);
  }
  lua_pop(L, argc);
  if (bad) {
    static const char m[] = "Lua redis lib command arguments must be strings or integers";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  n = lab_js_call(args_.p, (int)args_.n);
  if (n <= 0 || in_.p[0] != 't') {
    static const char m[] = "Invalid command passed to redis.acl_check_cmd()";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  lua_pushboolean(L, 1);
  return 1;
}

static int redis_log(lua_State *L) {
  int j, argc = lua_gettop(L), level;
  if (argc < 2) {
    static const char m[] = "redis.log() requires two arguments or more.";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  } else if (!lua_isnumber(L, -argc)) {
    static const char m[] = "First argument must be a number (log level).";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  level = lab_d2i(lua_tonumber(L, -argc));
  if (level < 0 || level > 3) {
    static const char m[] = "Invalid debug level.";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  args_.n = 0;
  for (j = 1; j < argc; j++) {
    size_t len;
    const char *s = lua_tolstring(L, (-argc) + j, &len);
    if (s) {
      if (j != 1) put_u8(&args_, ' ');
      put_bytes(&args_, s, len);
    }
  }
  lab_js_log(level, args_.p, (int)args_.n);
  return 0;
}

static int redis_setresp(lua_State *L) {
  int resp;
  if (run.S == NULL) {
    static const char m[] = "redis.setresp can only be called inside a script invocation";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  if (lua_gettop(L) != 1) {
    static const char m[] = "redis.setresp() requires one argument.";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  resp = lab_d2i(lua_tonumber(L, -1));
  if (resp != 2 && resp != 3) {
    static const char m[] = "RESP version must be 2 or 3.";
    push_error(L, m, sizeof m - 1);
    return lua_error(L);
  }
  run.resp = resp;
  return 0;
}

static int redis_breakpoint(lua_State *L) {
  lua_pushboolean(L, 0); /* no debugging session in the lab */
  return 1;
}
static int redis_debug(lua_State *L) {
  (void)L;
  return 0;
}
static int redis_replicate_commands(lua_State *L) {
  lua_pushboolean(L, 1);
  return 1;
}

/* ------------------------------------------------------------------------------------- */
/* math.random as Redis has it (rand48, the same sequence on every machine)               */

static uint32_t *rand_x(void);
/* redisLrand48's state. As in redis-server it belongs to the process (one per module
 * instance: the lab's "server"), not to a Lua state, so SCRIPT FLUSH does not reset it.
 * App-server executions use their own, reset every time (they must repeat exactly). */
static uint32_t eval_rx[3] = {0x330E, 0xABCD, 0x1234};
static uint32_t app_rx[3];

static void rand48_seed(uint32_t *x, int32_t seed) {
  x[0] = 0x330E;
  x[1] = (uint32_t)seed & 0xffff;
  x[2] = ((uint32_t)seed >> 16) & 0xffff;
}

static int32_t rand48_next(uint32_t *x) {
  uint64_t v = ((uint64_t)x[2] << 32) | ((uint64_t)x[1] << 16) | x[0];
  v = (v * 0x5DEECE66DULL + 0xB) & 0xffffffffffffULL;
  x[0] = (uint32_t)(v & 0xffff);
  x[1] = (uint32_t)((v >> 16) & 0xffff);
  x[2] = (uint32_t)((v >> 32) & 0xffff);
  return (int32_t)(v >> 17);
}

static uint32_t *rand_x(void) { return run.mode == LAB_APP ? app_rx : eval_rx; }

static int lab_math_random(lua_State *L) {
  lua_Number r;
  if (run.S == NULL)
    return luaL_error(L, "math.random can only be called inside a script invocation");
  r = (lua_Number)(rand48_next(rand_x()) % 2147483647) / (lua_Number)2147483647;
  switch (lua_gettop(L)) {
    case 0:
      lua_pushnumber(L, r);
      break;
    case 1: {
      int u = luaL_checkint(L, 1);
      luaL_argcheck(L, 1 <= u, 1, "interval is empty");
      lua_pushnumber(L, floor(r * u) + 1);
      break;
    }
    case 2: {
      int l = luaL_checkint(L, 1);
      int u = luaL_checkint(L, 2);
      luaL_argcheck(L, l <= u, 2, "interval is empty");
      lua_pushnumber(L, floor(r * (u - l + 1)) + l);
      break;
    }
    default:
      return luaL_error(L, "wrong number of arguments");
  }
  return 1;
}

static int lab_math_randomseed(lua_State *L) {
  if (run.S == NULL)
    return luaL_error(L, "math.randomseed can only be called inside a script invocation");
  rand48_seed(rand_x(), luaL_checkint(L, 1));
  return 0;
}

/* ------------------------------------------------------------------------------------- */
/* The sandbox (scriptingInit + luaRegisterRedisAPI)                                       */

static const char *const allowed_globals[] = {
    /* libraries */
    "string", "cjson", "bit", "cmsgpack", "math", "table", "struct",
    /* Redis's API */
    "redis", "__redis__err__handler",
    /* Lua builtins */
    "xpcall", "tostring", "setmetatable", "next", "assert", "tonumber", "rawequal",
    "collectgarbage", "getmetatable", "rawset", "pcall", "coroutine", "type", "_G", "select",
    "unpack", "gcinfo", "pairs", "rawget", "loadstring", "ipairs", "_VERSION", "load", "error",
    /* removed once the error handler holds it */
    "debug", NULL};

/* __newindex of the globals while the libraries load: only allowed names get in
 * (newproxy, setfenv, getfenv, print, dofile, loadfile, ... never do). */
static int globals_newindex(lua_State *L) {
  const char *name;
  int i;
  if (lua_gettop(L) != 3) luaL_error(L, "Wrong number of arguments to luaNewIndexAllowList");
  if (!lua_istable(L, -3)) luaL_error(L, "first argument to luaNewIndexAllowList must be a table");
  if (!lua_isstring(L, -2) && !lua_isnumber(L, -2))
    luaL_error(L, "Second argument to luaNewIndexAllowList must be a string or number");
  name = lua_tostring(L, -2);
  for (i = 0; allowed_globals[i]; i++) {
    if (strcmp(allowed_globals[i], name) == 0) {
      lua_rawset(L, -3);
      break;
    }
  }
  return 0;
}

/* __index of the globals once locked. */
static int globals_index(lua_State *L) {
  if (lua_gettop(L) != 2) luaL_error(L, "Wrong number of arguments to luaProtectedTableError");
  if (!lua_isstring(L, -1) && !lua_isnumber(L, -1))
    luaL_error(L, "Second argument to luaProtectedTableError must be a string or number");
  luaL_error(L, "Script attempted to access nonexistent global variable '%s'",
             lua_tostring(L, -1));
  return 0;
}

static void protect_recursively(lua_State *L) {
  if (lua_isreadonlytable(L, -1)) return;
  lua_enablereadonlytable(L, -1, 1);
  lua_checkstack(L, 2);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_istable(L, -1)) protect_recursively(L);
    lua_pop(L, 1);
  }
  if (lua_getmetatable(L, -1)) {
    protect_recursively(L);
    lua_pop(L, 1);
  }
}

static void protect_basic_types(lua_State *L) {
  int i;
  for (i = 0; i < 7; i++) {
    switch (i) {
      case 0: lua_pushstring(L, ""); break;
      case 1: lua_pushnumber(L, 0); break;
      case 2: lua_pushboolean(L, 0); break;
      case 3: lua_pushnil(L); break;
      case 4: lua_pushcfunction(L, NULL); break;
      case 5: lua_newthread(L); break;
      default: lua_pushlightuserdata(L, (void *)L); break;
    }
    if (lua_getmetatable(L, -1)) {
      protect_recursively(L);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

static void set_field_fn(lua_State *L, const char *k, lua_CFunction f) {
  lua_pushstring(L, k);
  lua_pushcfunction(L, f);
  lua_settable(L, -3);
}
static void set_field_num(lua_State *L, const char *k, lua_Number v) {
  lua_pushstring(L, k);
  lua_pushnumber(L, v);
  lua_settable(L, -3);
}

/* Redis's error handler for EVAL, with its chunk name and line layout: its own errors
 * (writing into a read-only error object) name @err_handler_def:10 as Redis's do. */
static const char err_handler_def[] =
    "local dbg = debug\n"
    "debug = nil\n"
    "function __redis__err__handler(err)\n"
    "  local i = dbg.getinfo(2,'nSl')\n"
    "  if i and i.what == 'C' then\n"
    "    i = dbg.getinfo(3,'nSl')\n"
    "  end\n"
    "  if type(err) ~= 'table' then\n"
    "    err = {err='ERR ' .. tostring(err)}  end  if i then\n"
    "    err['source'] = i.source\n"
    "    err['line'] = i.currentline\n"
    "  end  return err\n"
    "end\n";

static void load_lib(lua_State *L, const char *name, lua_CFunction f) {
  lua_pushcfunction(L, f);
  lua_pushstring(L, name);
  lua_call(L, 1, 0);
}

static int eval_body(lua_State *L);

static int setup_body(lua_State *L) {
  lua_pushvalue(L, LUA_GLOBALSINDEX);
  lua_newtable(L);
  lua_pushcfunction(L, globals_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);

  load_lib(L, "", luaopen_base);
  load_lib(L, LUA_TABLIBNAME, luaopen_table);
  load_lib(L, LUA_STRLIBNAME, luaopen_string);
  load_lib(L, LUA_MATHLIBNAME, luaopen_math);
  load_lib(L, LUA_DBLIBNAME, luaopen_debug);
  load_lib(L, "cjson", luaopen_cjson);
  load_lib(L, "struct", luaopen_struct);
  load_lib(L, "cmsgpack", luaopen_cmsgpack);
  load_lib(L, "bit", luaopen_bit);

  lua_pushcfunction(L, lab_pcall);
  lua_setglobal(L, "pcall");

  lua_newtable(L);
  set_field_fn(L, "call", redis_call);
  set_field_fn(L, "pcall", redis_pcall_cmd);
  set_field_fn(L, "log", redis_log);
  set_field_num(L, "LOG_DEBUG", 0);
  set_field_num(L, "LOG_VERBOSE", 1);
  set_field_num(L, "LOG_NOTICE", 2);
  set_field_num(L, "LOG_WARNING", 3);
  set_field_num(L, "REDIS_VERSION_NUM", 0x07000f);
  lua_pushstring(L, "REDIS_VERSION");
  lua_pushstring(L, "7.0.15");
  lua_settable(L, -3);
  set_field_fn(L, "setresp", redis_setresp);
  set_field_fn(L, "sha1hex", redis_sha1hex);
  set_field_fn(L, "error_reply", redis_error_reply);
  set_field_fn(L, "status_reply", redis_status_reply);
  set_field_fn(L, "set_repl", redis_set_repl);
  set_field_num(L, "REPL_NONE", 0);
  set_field_num(L, "REPL_AOF", 1);
  set_field_num(L, "REPL_SLAVE", 2);
  set_field_num(L, "REPL_REPLICA", 2);
  set_field_num(L, "REPL_ALL", 3);
  set_field_fn(L, "acl_check_cmd", redis_acl_check_cmd);
  lua_setglobal(L, "redis");

  lua_getglobal(L, "math");
  set_field_fn(L, "random", lab_math_random);
  set_field_fn(L, "randomseed", lab_math_randomseed);
  lua_setglobal(L, "math");

  lua_getglobal(L, "redis");
  set_field_fn(L, "breakpoint", redis_breakpoint);
  set_field_fn(L, "debug", redis_debug);
  set_field_fn(L, "replicate_commands", redis_replicate_commands);
  lua_setglobal(L, "redis");

  if (luaL_loadbuffer(L, err_handler_def, sizeof err_handler_def - 1, "@err_handler_def"))
    lua_error(L);
  lua_call(L, 0, 0);

  lua_pushvalue(L, LUA_GLOBALSINDEX);
  lua_newtable(L);
  lua_pushcfunction(L, globals_index);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  protect_recursively(L);
  lua_pop(L, 1);
  protect_basic_types(L);
  {
    State *S = (State *)lua_touserdata(L, 1);
    lua_pushcfunction(L, eval_body);
    S->eval_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_getglobal(L, "__redis__err__handler");
    S->handler_fn = lua_topointer(L, -1);
    S->handler_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  return 0;
}

static int lab_panic(lua_State *L) {
  (void)L;
  abort(); /* unreachable: every entry point is protected; the host rebuilds the module */
  return 0;
}

/* A fresh sandboxed state whose heap may grow to `limit` bytes; NULL if it cannot be made. */
EXPORT State *lab_state_new(double limit) {
  State *S = calloc(1, sizeof(State));
  if (S == NULL) return NULL;
  S->mem.limit = (size_t)limit;
  S->mem.hard = (size_t)limit + (size_t)limit / 4;
  S->L = lua_newstate(lab_alloc, &S->mem);
  if (S->L == NULL) {
    free(S);
    return NULL;
  }
  lua_atpanic(S->L, lab_panic);
  if (lua_cpcall(S->L, setup_body, S) != 0) {
    lua_close(S->L);
    free(S);
    return NULL;
  }
  return S;
}

EXPORT void lab_state_close(State *S) {
  if (S == NULL) return;
  lua_close(S->L);
  free(S);
}

EXPORT double lab_state_memory(State *S) { return S ? (double)S->mem.used : 0; }

/* JS sets the texts of the lab's own errors (kind: 1 steps, 2 memory, 3 stop). */
EXPORT int lab_set_text(int kind, int len) {
  char *t;
  if (kind < 1 || kind > 3) return 0;
  t = malloc((size_t)len + 1);
  if (t == NULL) return 0;
  memcpy(t, in_.p, (size_t)len);
  t[len] = 0;
  free(kill_text[kind]);
  kill_text[kind] = t;
  return 1;
}

/* ------------------------------------------------------------------------------------- */
/* Compiling                                                                              */

static struct {
  size_t len;
  int ref;
} compile_io;

/* A full collection when the heap is more than half its cap (protected: lua_cpcall). */
static int gc_body(lua_State *L) {
  lua_gc(L, LUA_GCCOLLECT, 0);
  return 0;
}
static void collect_if_full(State *S) {
  if (S->mem.used > S->mem.limit / 2) lua_cpcall(S->L, gc_body, NULL);
}

static int compile_body(lua_State *L) {
  if (luaL_loadbuffer(L, (const char *)in_.p, compile_io.len, "@user_script")) {
    size_t n;
    const char *m = lua_tolstring(L, -1, &n);
    out_.n = 0;
    put_bytes(&out_, m ? m : "", m ? n : 0);
    compile_io.ref = 0;
    return 0;
  }
  compile_io.ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

/* Compile the source in the input buffer (a shebang line already blanked). Returns a chunk
 * reference (> 0), or 0 with the compiler's message in the output buffer (length in
 * lab_output_length), or -1 when even that failed (out of memory). */
static size_t out_length;
EXPORT int lab_compile(State *S, int len) {
  int status;
  compile_io.len = (size_t)len;
  compile_io.ref = -1;
  out_.n = 0;
  collect_if_full(S);
  status = lua_cpcall(S->L, compile_body, NULL);
  lua_settop(S->L, 0);
  out_length = out_.n;
  if (status != 0) return -1;
  return compile_io.ref;
}
EXPORT int lab_output_length(void) { return (int)out_length; }

EXPORT void lab_unref(State *S, int ref) {
  if (S && ref > 0) luaL_unref(S->L, LUA_REGISTRYINDEX, ref);
}

/* ------------------------------------------------------------------------------------- */
/* Lua -> Redis reply (luaReplyToRedisReply), for a RESP2 caller                           */

/* addReply*Safe and addReplyErrorFormat: CR and LF become spaces. */
static void put_safe(Buf *b, unsigned char tag, const char *s, size_t len) {
  size_t i, at;
  put_u8(b, tag);
  put_u32(b, (uint32_t)len);
  at = b->n;
  put_bytes(b, s, len);
  if (b->oom) return;
  for (i = 0; i < len; i++)
    if (b->p[at + i] == '\r' || b->p[at + i] == '\n') b->p[at + i] = ' ';
}

static void put_i64(Buf *b, long long v) {
  put_u8(b, 'i');
  put_bytes(b, &v, 8);
}

static void put_double(Buf *b, double d) {
  char dbuf[64];
  int len;
  if (isinf(d)) {
    put_str(b, '$', d > 0 ? "inf" : "-inf", d > 0 ? 3 : 4);
    return;
  }
  len = lab_fmt_g(dbuf, d, 17);
  put_str(b, '$', dbuf, (size_t)len);
}

typedef struct {
  const char *msg, *source, *line;
} ErrInfo;

/* luaExtractErrorInformation, on the table at the top (values stay on the stack). */
static void error_info(lua_State *L, ErrInfo *e) {
  int top = lua_gettop(L);
  e->msg = e->source = e->line = NULL;
  lua_getfield(L, top, "err");
  if (lua_isstring(L, -1)) e->msg = lua_tostring(L, -1);
  lua_getfield(L, top, "source");
  if (lua_isstring(L, -1)) e->source = lua_tostring(L, -1);
  lua_getfield(L, top, "line");
  if (lua_isstring(L, -1)) e->line = lua_tostring(L, -1);
}

static void reply_value(lua_State *L, Buf *b);

static void reply_table(lua_State *L, Buf *b) {
  int t;
  /* {err=...} */
  lua_pushstring(L, "err");
  lua_rawget(L, -2);
  t = lua_type(L, -1);
  lua_pop(L, 1);
  if (t == LUA_TSTRING) {
    ErrInfo e;
    int top = lua_gettop(L);
    error_info(L, &e);
    /* addReplyErrorFormatEx(c, "-%s", msg): trimmed, CR/LF mapped; the dash keeps the code */
    {
      const char *m = e.msg ? e.msg : "";
      size_t n = strlen(m);
      while (n && (m[n - 1] == '\r' || m[n - 1] == '\n')) n--;
      put_safe(b, '-', m, n);
    }
    lua_settop(L, top);
    return;
  }
  /* {ok=...} */
  lua_pushstring(L, "ok");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1);
    put_safe(b, '+', s, strlen(s));
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  /* {double=...} */
  lua_pushstring(L, "double");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TNUMBER) {
    put_double(b, lua_tonumber(L, -1));
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  /* {big_number=...} */
  lua_pushstring(L, "big_number");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TSTRING) {
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    put_safe(b, '$', s, n);
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  /* {verbatim_string={format=..., string=...}} */
  lua_pushstring(L, "verbatim_string");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushstring(L, "format");
    lua_rawget(L, -2);
    if (lua_type(L, -1) == LUA_TSTRING) {
      lua_pushstring(L, "string");
      lua_rawget(L, -3);
      if (lua_type(L, -1) == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, -1, &n);
        put_str(b, '$', s, n);
        lua_pop(L, 3);
        return;
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  /* {map={...}}: a flat array for RESP2 */
  lua_pushstring(L, "map");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) {
    size_t at;
    uint32_t n = 0;
    put_u8(b, '*');
    at = b->n;
    put_u32(b, 0);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pushvalue(L, -2);
      reply_value(L, b);
      reply_value(L, b);
      n += 2;
    }
    if (!b->oom) memcpy(b->p + at, &n, 4);
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  /* {set={...}} */
  lua_pushstring(L, "set");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) {
    size_t at;
    uint32_t n = 0;
    put_u8(b, '*');
    at = b->n;
    put_u32(b, 0);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      reply_value(L, b);
      n++;
    }
    if (!b->oom) memcpy(b->p + at, &n, 4);
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  /* an array, up to the first nil */
  {
    size_t at;
    uint32_t n = 0;
    int j = 1;
    put_u8(b, '*');
    at = b->n;
    put_u32(b, 0);
    for (;;) {
      lua_pushnumber(L, j++);
      lua_rawget(L, -2);
      if (lua_type(L, -1) == LUA_TNIL) {
        lua_pop(L, 1);
        break;
      }
      reply_value(L, b);
      n++;
    }
    if (!b->oom) memcpy(b->p + at, &n, 4);
  }
}

/* Convert and pop the value at the top. */
static void reply_value(lua_State *L, Buf *b) {
  if (!lua_checkstack(L, 4)) {
    static const char m[] = "ERR reached lua stack limit";
    put_str(b, '-', m, sizeof m - 1);
    lua_pop(L, 1);
    return;
  }
  switch (lua_type(L, -1)) {
    case LUA_TSTRING: {
      size_t n;
      const char *s = lua_tolstring(L, -1, &n);
      put_str(b, '$', s, n);
      break;
    }
    case LUA_TBOOLEAN:
      if (run.resp == 2) {
        if (lua_toboolean(L, -1)) put_i64(b, 1);
        else put_u8(b, '_');
      } else {
        put_i64(b, lua_toboolean(L, -1) ? 1 : 0); /* addReplyBool to a RESP2 client */
      }
      break;
    case LUA_TNUMBER:
      put_i64(b, lab_d2ll(lua_tonumber(L, -1)));
      break;
    case LUA_TTABLE:
      reply_table(L, b);
      break;
    default:
      put_u8(b, '_');
  }
  lua_pop(L, 1);
}

/* ------------------------------------------------------------------------------------- */
/* Running a script                                                                       */

static struct {
  int ref;
  size_t len;
  int status; /* result flags for JS */
} eval_io;

#define RES_OK 0
#define RES_KILLED 1  /* the step budget stopped it */
#define RES_MEMORY 2  /* the heap cap stopped it */
#define RES_STOPPED 3 /* app mode: a call JS has no reply for yet */
#define RES_FAILED 4  /* the lab itself failed (message in the output) */

static void new_array_from_input(lua_State *L, Reader *r, uint32_t n) {
  uint32_t j;
  lua_newtable(L);
  for (j = 0; j < n; j++) {
    uint32_t len = rd_u32(r);
    lua_pushlstring(L, (const char *)r->p, len);
    r->p += len;
    lua_rawseti(L, -2, (int)j + 1);
  }
}

static void error_reply_from_top(lua_State *L) {
  /* luaCallFunction's error branch */
  if (!lua_istable(L, -1)) {
    char head[160];
    const char *msg = lua_isstring(L, -1) ? lua_tostring(L, -1) : "execution failure";
    int n = snprintf(head, sizeof head, "ERR Error running script %s, %.100s", run.sha, msg);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof head) n = sizeof head - 1;
    while (n > 0 && (head[n - 1] == '\r' || head[n - 1] == '\n')) n--; /* addReplyErrorFormat */
    put_safe(&out_, '-', head, (size_t)n);
  } else {
    ErrInfo e;
    luaL_Buffer bb;
    size_t n;
    const char *s;
    error_info(L, &e);
    luaL_buffinit(L, &bb);
    if (e.msg) {
      luaL_addstring(&bb, e.msg);
    } else {
      /* Redis 7.0.15 crashes here (an error object without 'err'); the lab explains. */
      luaL_addstring(&bb, "ERR the script raised an error table without an 'err' field");
    }
    if (e.line && e.source) {
      luaL_addstring(&bb, " script: ");
      luaL_addstring(&bb, run.sha);
      luaL_addstring(&bb, ", on ");
      luaL_addstring(&bb, e.source);
      luaL_addstring(&bb, ":");
      luaL_addstring(&bb, e.line);
      luaL_addstring(&bb, ".");
    }
    luaL_pushresult(&bb);
    s = lua_tolstring(L, -1, &n);
    put_safe(&out_, '-', s, n);
  }
}

static int eval_body(lua_State *L) {
  Reader r;
  uint32_t nkeys, nargs;
  int err;
  lua_settop(L, 0);
  r.p = in_.p + 40;
  r.end = in_.p + eval_io.len;
  nkeys = rd_u32(&r);
  nargs = rd_u32(&r);

  lua_rawgeti(L, LUA_REGISTRYINDEX, run.S->handler_ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, eval_io.ref);
  if (!lua_isfunction(L, -1)) {
    eval_io.status = RES_FAILED;
    put_str(&out_, '-', "ERR the lab lost this script's compiled chunk", 45);
    return 0;
  }
  lua_sethook(L, hook, LUA_MASKCOUNT, LAB_HOOK_EVERY);
  new_array_from_input(L, &r, nkeys);
  lua_enablereadonlytable(L, LUA_GLOBALSINDEX, 0);
  lua_setglobal(L, "KEYS");
  lua_enablereadonlytable(L, LUA_GLOBALSINDEX, 1);
  new_array_from_input(L, &r, nargs);
  lua_enablereadonlytable(L, LUA_GLOBALSINDEX, 0);
  lua_setglobal(L, "ARGV");
  lua_enablereadonlytable(L, LUA_GLOBALSINDEX, 1);

  /* Redis calls lua_pcall from C; the lab does it from inside lua_cpcall, one C call deeper.
   * Scripts see the same limits (200 nested C calls: "C stack overflow") as in Redis. */
  L->nCcalls--;
  err = lua_pcall(L, 0, 1, -2);
  L->nCcalls++;

  if (++run.S->gc_count == 50) {
    lua_gc(L, LUA_GCSTEP, 50);
    run.S->gc_count = 0;
  }
  out_.n = 0;
  if (run.trip == TRIP_STOP) {
    eval_io.status = RES_STOPPED;
  } else if (err) {
    if (run.trip == TRIP_STEPS) eval_io.status = RES_KILLED;
    if (run.trip == TRIP_MEMORY) eval_io.status = RES_MEMORY;
    /* A bare "not enough memory" (no table: the handler never ran) gets the lab's text in JS. */
    if (lua_istable(L, -1) || run.trip != TRIP_MEMORY) error_reply_from_top(L);
  } else if (run.trip == TRIP_STEPS || run.trip == TRIP_MEMORY) {
    /* It caught the stop (coroutine.resume returns it as a value) and returned: still stopped. */
    const char *t = kill_text[run.trip] ? kill_text[run.trip] : "Script killed by the lab";
    char head[400];
    int n = snprintf(head, sizeof head, "ERR %s script: %s", t, run.sha);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof head) n = sizeof head - 1;
    eval_io.status = run.trip == TRIP_STEPS ? RES_KILLED : RES_MEMORY;
    put_safe(&out_, '-', head, (size_t)n);
  } else {
    reply_value(L, &out_);
  }
  return 0;
}

/* Run chunk `ref` (`len` bytes of input: the 40-character SHA, then KEYS and ARGV), as EVAL
 * (mode 0) or as app-server code (mode 1), with `limit` steps. Returns RES_* and leaves the
 * reply in the output buffer (its length in lab_output_length). */
EXPORT int lab_eval(State *S, int ref, int mode, double limit, int len) {
  lua_State *L = S->L;
  int status;
  memcpy(run.sha, in_.p, 40);
  run.sha[40] = 0;
  run.S = S;
  run.mode = mode;
  run.steps = 0;
  run.limit = (long long)limit;
  run.trip = TRIP_NONE;
  run.resp = 2;
  if (mode == LAB_APP) {
    app_rx[0] = 0x330E;
    app_rx[1] = 0xABCD;
    app_rx[2] = 0x1234;
  }
  run.gc_due = 0;
  eval_io.ref = ref;
  eval_io.len = (size_t)len;
  eval_io.status = RES_OK;
  out_.n = 0;
  out_.oom = 0;
  /* As lua_cpcall(L, eval_body, NULL), without making a closure every run. */
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, S->eval_ref);
  status = lua_pcall(L, 0, 0, 0);
  if (status != 0) {
    if (run.trip == TRIP_MEMORY || status == LUA_ERRMEM) {
      eval_io.status = run.trip == TRIP_STOP ? RES_STOPPED : RES_MEMORY;
    } else if (run.trip == TRIP_STOP) {
      eval_io.status = RES_STOPPED;
    } else {
      /* An error while converting the reply (a metamethod of the returned table). */
      size_t n = 0;
      const char *m = lua_isstring(L, -1) ? lua_tolstring(L, -1, &n) : "";
      char head[200];
      int k = snprintf(head, sizeof head, "ERR Error running script %s, %.100s", run.sha, m);
      if (k < 0) k = 0;
      if ((size_t)k >= sizeof head) k = sizeof head - 1;
      while (k > 0 && (head[k - 1] == '\r' || head[k - 1] == '\n')) k--;
      out_.n = 0;
      out_.oom = 0;
      put_safe(&out_, '-', head, (size_t)k);
      if (run.trip == TRIP_STEPS) eval_io.status = RES_KILLED;
    }
  }
  if (out_.oom) {
    out_.n = 0;
    out_.oom = 0;
    eval_io.status = RES_MEMORY;
  }
  lua_sethook(L, NULL, 0, 0);
  lua_settop(L, 0);
  run.S = NULL;
  run.trip = TRIP_NONE;
  out_length = out_.n;
  collect_if_full(S);
  return eval_io.status;
}
