// Scripting commands (Redis's eval.c): EVAL, EVALSHA and their read-only forms, the script
// cache (SCRIPT LOAD / EXISTS / FLUSH) and Redis 7 shebang flags. Lua itself is the engine's
// (src/core/lua, through ../scripting.ts); the in-script rules are dispatch (model.ts).
import { command, keynum, type CommandRow, type Ctx, type ScriptRules } from '../command';
import { parseInt64 } from '../numfmt';
import { arr, bulk, err, OK, type Reply } from '../reply';
import { sha1Hex } from '../sha1';
import { ERRORS, ONE, ZERO } from '../shared';
import { keySlot } from '../slot';

const SHEBANG_FLAGS = new Set([
  'no-writes',
  'allow-oom',
  'allow-stale',
  'no-cluster',
  'allow-cross-slot-keys',
]);

/** A script's Redis 7 shebang flags (null: no shebang, the EVAL compatibility mode). */
export type ShebangFlags = ReadonlySet<string> | null;

/** evalExtractShebangFlags: the flags of `#!lua flags=a,b`, or the error Redis answers. */
export function shebangFlags(source: string): ShebangFlags | Reply {
  if (!source.startsWith('#!')) return null;
  const nl = source.indexOf('\n');
  if (nl < 0) return err('ERR Invalid script shebang');
  const parts = source
    .slice(0, nl)
    .split(/[ \t\r\v\f]+/)
    .filter((p) => p !== '');
  if (parts[0] !== '#!lua') {
    return err(`ERR Unexpected engine in script shebang: ${parts[0] ?? ''}`);
  }
  const flags = new Set<string>();
  for (const p of parts.slice(1)) {
    if (!p.startsWith('flags=')) return err(`ERR Unknown lua shebang option: ${p}`);
    const list = p.slice(6);
    if (list === '') continue;
    for (const f of list.split(',')) {
      if (!SHEBANG_FLAGS.has(f)) return err(`ERR Unexpected flag in script shebang: ${f}`);
      flags.add(f);
    }
  }
  return flags;
}

/** luaCreateFunction: cache a script after checking its shebang and compiling it. */
function createFunction(c: Ctx, source: string, sha: string): Reply | null {
  const flags = shebangFlags(source);
  if (flags !== null && 't' in flags) return flags;
  const engine = c.scriptEngine;
  if (engine === null) return ERRORS.noEngine;
  const e = engine.compile?.(source, sha) ?? null;
  if (e !== null) return e;
  c.scripts.set(sha, source);
  return null;
}

function evalGeneric(c: Ctx, a: string[], bySha: boolean, ro: boolean): Reply {
  if (bySha && a[1]!.length !== 40) return ERRORS.noScript;
  const nk = parseInt64(a[2]!);
  if (nk === null) return ERRORS.notInt;
  if (nk > BigInt(a.length - 3)) {
    return err("ERR Number of keys can't be greater than number of args");
  }
  if (nk < 0n) return err("ERR Number of keys can't be negative");
  const numkeys = Number(nk);
  let sha: string;
  let source: string | undefined;
  if (bySha) {
    sha = a[1]!.toLowerCase();
    source = c.scripts.get(sha);
    if (source === undefined) return ERRORS.noScript;
  } else {
    source = a[1]!;
    sha = sha1Hex(source);
  }
  const engine = c.scriptEngine;
  if (engine === null) return ERRORS.noEngine;
  // Without compile(), a script is cached before its first run and dropped again if the
  // engine then reports a compile error.
  let fresh = false;
  if (!bySha && !c.scripts.has(sha)) {
    const e = createFunction(c, source, sha);
    if (e !== null) return e;
    fresh = engine.compile === undefined;
  }
  let flags: ShebangFlags = null;
  if (source.charCodeAt(0) === 35 /* # */) {
    const f = shebangFlags(source);
    if (f !== null && 't' in f) return f;
    flags = f;
  }
  // scriptPrepareForRun
  if (flags !== null) {
    if (flags.has('no-cluster') && c.clusterMode) {
      return err("ERR Can not run script on cluster, 'no-cluster' flag is set.");
    }
    if (!flags.has('no-writes') && ro) {
      return err('ERR Can not execute a script with write flag using *_ro command.');
    }
  }
  const keys = a.slice(3, 3 + numkeys);
  const argv = a.slice(3 + numkeys);
  let slot = -1;
  if (c.clusterMode) {
    for (const k of keys) {
      slot = keySlot(k);
      break;
    }
  }
  const rules: ScriptRules = {
    slot,
    allowCrossSlot: flags === null || flags.has('allow-cross-slot-keys'),
    readOnly: ro || (flags !== null && flags.has('no-writes')),
  };
  const r = c.runScript(rules, source, sha, keys, argv);
  if (fresh && r.t === 'err' && r.v.startsWith('ERR Error compiling script')) {
    c.scripts.delete(sha);
  }
  return r;
}

function scriptLoad(c: Ctx, a: string[]): Reply {
  const source = a[2]!;
  const sha = sha1Hex(source);
  if (!c.scripts.has(sha)) {
    const e = createFunction(c, source, sha);
    if (e !== null) return e;
  }
  return bulk(sha);
}

function scriptExists(c: Ctx, a: string[]): Reply {
  const out: Reply[] = [];
  for (let i = 2; i < a.length; i++) out.push(c.scripts.has(a[i]!.toLowerCase()) ? ONE : ZERO);
  return arr(out);
}

function scriptFlush(c: Ctx, a: string[]): Reply {
  if (a.length > 3) return err('ERR SCRIPT FLUSH only support SYNC|ASYNC option');
  if (a.length === 3) {
    const o = a[2]!.toLowerCase();
    if (o !== 'sync' && o !== 'async') {
      return err('ERR SCRIPT FLUSH only support SYNC|ASYNC option');
    }
  }
  c.scripts.clear();
  c.scriptEngine?.flushScripts?.();
  return OK;
}

const EVAL_FLAGS = 'noscript stale skip_monitor no_mandatory_keys';
const EVAL_KEYS = [keynum(2)];

export const SCRIPTING_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'scripting',
    name: 'eval',
    arity: -3,
    flags: EVAL_FLAGS,
    keys: EVAL_KEYS,
    args: 'script numkeys [key ...] [arg ...]',
    summary: 'Run a script.',
    since: '2.6.0',
    run: (c, a) => evalGeneric(c, a, false, false),
  }),
  command({
    group: 'scripting',
    name: 'evalsha',
    arity: -3,
    flags: EVAL_FLAGS,
    keys: EVAL_KEYS,
    args: 'sha1 numkeys [key ...] [arg ...]',
    summary: 'Run a cached script.',
    since: '2.6.0',
    run: (c, a) => evalGeneric(c, a, true, false),
  }),
  command({
    group: 'scripting',
    name: 'eval_ro',
    arity: -3,
    flags: `readonly ${EVAL_FLAGS}`,
    keys: EVAL_KEYS,
    args: 'script numkeys [key ...] [arg ...]',
    summary: 'Run a script that may only read: a write command inside fails.',
    since: '7.0.0',
    run: (c, a) => evalGeneric(c, a, false, true),
  }),
  command({
    group: 'scripting',
    name: 'evalsha_ro',
    arity: -3,
    flags: `readonly ${EVAL_FLAGS}`,
    keys: EVAL_KEYS,
    args: 'sha1 numkeys [key ...] [arg ...]',
    summary: 'Run a cached script that may only read.',
    since: '7.0.0',
    run: (c, a) => evalGeneric(c, a, true, true),
  }),
  command({
    group: 'scripting',
    name: 'script',
    arity: -2,
    flags: '',
    args: 'LOAD script | EXISTS sha1 [sha1 ...] | FLUSH [ASYNC | SYNC] | KILL',
    summary: 'Manage the script cache.',
    since: '2.6.0',
    run: () => ERRORS.syntax,
    subcommands: [
      command({
        group: 'scripting',
        name: 'script|load',
        arity: 3,
        flags: 'noscript stale',
        args: 'script',
        summary: 'Compile and cache a script; returns its SHA-1 for EVALSHA.',
        since: '2.6.0',
        run: scriptLoad,
      }),
      command({
        group: 'scripting',
        name: 'script|exists',
        arity: -3,
        flags: 'noscript',
        args: 'sha1 [sha1 ...]',
        summary: '1 or 0 per SHA-1: is the script cached?',
        since: '2.6.0',
        run: scriptExists,
      }),
      command({
        group: 'scripting',
        name: 'script|flush',
        arity: -2,
        flags: 'noscript',
        args: '[ASYNC | SYNC]',
        summary: 'Empty the script cache.',
        since: '2.6.0',
        run: scriptFlush,
      }),
      command({
        group: 'scripting',
        name: 'script|kill',
        arity: 2,
        flags: 'noscript allow_busy',
        args: '',
        summary: 'Stop a running script that has not written yet.',
        since: '2.6.0',
        run: () => err('NOTBUSY No scripts in execution right now.'),
      }),
    ],
  }),
];
