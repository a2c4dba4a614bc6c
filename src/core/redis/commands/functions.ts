// Redis 7 functions (functions.c): FUNCTION LOAD / LIST / DELETE / FLUSH and FCALL /
// FCALL_RO. The registry and the Lua that loads and calls a library are in ../functionLib.ts;
// the texts and checks here follow redis-server 7.0.15.
import { command, keynum, type CommandRow, type Ctx, type ScriptRules } from '../command';
import { FUNCTION_FLAGS, FUNCTION_RUNNER, type Library, type LibFunction } from '../functionLib';
import { globMatch } from '../glob';
import { parseInt64 } from '../numfmt';
import { arr, bulk, err, NIL, OK, status, type Reply } from '../reply';
import { sha1Hex } from '../sha1';
import { ERRORS } from '../shared';
import { keySlot } from '../slot';
import { splitArgs } from '../splitArgs';

const RUNNER_SHA = sha1Hex(FUNCTION_RUNNER);
const BAD_NAME =
  'ERR Library names can only contain letters, numbers, or underscores(_) and must be at least one character long';
const VALID_NAME = /^[A-Za-z0-9_]+$/;

/** functionExtractLibMetaData: the library's name and the code after its shebang line. */
function metadata(code: string): { name: string; engine: string; body: string } | Reply {
  if (!code.startsWith('#!')) return err('ERR Missing library metadata');
  const nl = code.indexOf('\n');
  if (nl < 0) return err('ERR Invalid library metadata');
  const parts = splitArgs(code.slice(0, nl));
  if (parts === null || parts.length === 0) return err('ERR Invalid library metadata');
  let name: string | null = null;
  for (const part of parts.slice(1)) {
    if (part.slice(0, 5).toLowerCase() === 'name=') {
      if (name !== null) {
        return err('ERR Invalid metadata value, name argument was given multiple times');
      }
      name = part.slice(5);
      continue;
    }
    return err(`ERR Invalid metadata value given: ${part}`);
  }
  if (name === null) return err('ERR Library name was not given');
  return { name, engine: parts[0]!.slice(2), body: code.slice(nl) };
}

/** Run the library's code in load mode: the functions it registers, or Redis's error. */
function loadLibrary(c: Ctx, name: string, code: string, body: string): Library | Reply {
  const rules: ScriptRules = { slot: -1, allowCrossSlot: true, readOnly: true };
  const r = c.runScript(rules, FUNCTION_RUNNER, RUNNER_SHA, [], [body, '']);
  if (r.t === 'err') return r;
  if (r.t !== 'arr') return err('ERR the lab could not load the library');
  const functions: LibFunction[] = [];
  for (let i = 0; i + 2 < r.v.length; i += 3) {
    const n = r.v[i]!;
    const d = r.v[i + 1]!;
    const f = r.v[i + 2]!;
    const flags = f.t === 'bulk' && f.v !== '' ? f.v.split(',') : [];
    functions.push({
      name: n.t === 'bulk' ? n.v : '',
      library: name,
      description: d.t === 'bulk' ? d.v : null,
      flags: new Set(flags),
    });
  }
  return { name, code, body, functions };
}

function functionLoad(c: Ctx, a: string[]): Reply {
  let replace = false;
  let pos = 2;
  while (pos < a.length - 1) {
    const opt = a[pos++]!;
    if (opt.toLowerCase() === 'replace') {
      replace = true;
      continue;
    }
    return err(`ERR Unknown option given: ${opt}`);
  }
  if (pos >= a.length) return err('ERR Function code is missing');
  const code = a[pos]!;
  const md = metadata(code);
  if ('t' in md) return md;
  if (!VALID_NAME.test(md.name)) return err(BAD_NAME);
  if (md.engine.toLowerCase() !== 'lua') return err(`ERR Engine '${md.engine}' not found`);
  const reg = c.functions;
  const old = reg.libraries.get(md.name);
  if (old !== undefined && !replace) return err(`ERR Library '${md.name}' already exists`);
  if (c.scriptEngine === null) return ERRORS.noEngine;
  const lib = loadLibrary(c, md.name, code, md.body);
  if ('t' in lib) return lib;
  if (lib.functions.length === 0) return err('ERR No functions registered');
  for (const f of lib.functions) {
    const other = reg.functions.get(f.name.toLowerCase());
    if (other !== undefined && other.library !== md.name) {
      return err(`ERR Function ${f.name} already exists`);
    }
  }
  if (old !== undefined) reg.remove(md.name);
  reg.add(lib);
  return bulk(md.name);
}

function functionList(c: Ctx, a: string[]): Reply {
  let withCode = false;
  let pattern: string | null = null;
  for (let i = 2; i < a.length; i++) {
    const arg = a[i]!.toLowerCase();
    if (!withCode && arg === 'withcode') {
      withCode = true;
      continue;
    }
    if (pattern === null && arg === 'libraryname') {
      if (i >= a.length - 1) return err('ERR library name argument was not given');
      pattern = a[++i]!;
      continue;
    }
    return err(`ERR Unknown argument ${a[i]!}`);
  }
  const out: Reply[] = [];
  for (const lib of c.functions.libraries.values()) {
    if (pattern !== null && !globMatch(pattern.toLowerCase(), lib.name.toLowerCase())) continue;
    const fns = lib.functions.map((f) =>
      arr([
        bulk('name'),
        bulk(f.name),
        bulk('description'),
        f.description === null ? NIL : bulk(f.description),
        bulk('flags'),
        arr(FUNCTION_FLAGS.filter((x) => f.flags.has(x)).map(status)),
      ]),
    );
    const item = [
      bulk('library_name'),
      bulk(lib.name),
      bulk('engine'),
      bulk('LUA'),
      bulk('functions'),
      arr(fns),
    ];
    if (withCode) item.push(bulk('library_code'), bulk(lib.code));
    out.push(arr(item));
  }
  return arr(out);
}

function functionDelete(c: Ctx, a: string[]): Reply {
  return c.functions.remove(a[2]!) === undefined ? err('ERR Library not found') : OK;
}

function functionFlush(c: Ctx, a: string[]): Reply {
  if (a.length > 3) {
    return err(
      `ERR unknown subcommand or wrong number of arguments for '${a[1]!}'. Try FUNCTION HELP.`,
    );
  }
  if (a.length === 3) {
    const o = a[2]!.toLowerCase();
    if (o !== 'sync' && o !== 'async')
      return err('ERR FUNCTION FLUSH only supports SYNC|ASYNC option');
  }
  c.functions.clear();
  return OK;
}

function fcall(c: Ctx, a: string[], ro: boolean): Reply {
  const f = c.functions.functions.get(a[1]!.toLowerCase());
  if (f === undefined) return err('ERR Function not found');
  const nk = parseInt64(a[2]!);
  if (nk === null) return err('ERR Bad number of keys provided');
  if (nk > BigInt(a.length - 3)) {
    return err("ERR Number of keys can't be greater than number of args");
  }
  if (nk < 0n) return err("ERR Number of keys can't be negative");
  const lib = c.functions.libraries.get(f.library)!;
  if (f.flags.has('no-cluster') && c.clusterMode) {
    return err("ERR Can not run script on cluster, 'no-cluster' flag is set.");
  }
  if (ro && !f.flags.has('no-writes')) {
    return err('ERR Can not execute a script with write flag using *_ro command.');
  }
  if (c.scriptEngine === null) return ERRORS.noEngine;
  const numkeys = Number(nk);
  const keys = a.slice(3, 3 + numkeys);
  const rules: ScriptRules = {
    slot: c.clusterMode && keys.length > 0 ? keySlot(keys[0]!) : -1,
    allowCrossSlot: f.flags.has('allow-cross-slot-keys'),
    readOnly: ro || f.flags.has('no-writes'),
  };
  const r = c.runScript(rules, FUNCTION_RUNNER, RUNNER_SHA, keys, [
    lib.body,
    f.name,
    ...a.slice(3 + numkeys),
  ]);
  if (r.t === 'err' && r.v.includes(RUNNER_SHA)) {
    return err(r.v.split(`script: ${RUNNER_SHA}`).join(`script: ${f.name}`));
  }
  return r;
}

const FCALL_FLAGS = 'noscript stale skip_monitor no_mandatory_keys';

export const FUNCTION_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'scripting',
    name: 'fcall',
    arity: -3,
    flags: FCALL_FLAGS,
    keys: [keynum(2)],
    args: 'function numkeys [key ...] [arg ...]',
    summary: 'Call a function of a library loaded with FUNCTION LOAD.',
    since: '7.0.0',
    run: (c, a) => fcall(c, a, false),
  }),
  command({
    group: 'scripting',
    name: 'fcall_ro',
    arity: -3,
    flags: `readonly ${FCALL_FLAGS}`,
    keys: [keynum(2)],
    args: 'function numkeys [key ...] [arg ...]',
    summary: 'Call a function that only reads (registered with the no-writes flag).',
    since: '7.0.0',
    run: (c, a) => fcall(c, a, true),
  }),
  command({
    group: 'scripting',
    name: 'function',
    arity: -2,
    flags: '',
    args: 'subcommand [argument ...]',
    summary: 'Manage function libraries (LOAD, LIST, DELETE, FLUSH).',
    since: '7.0.0',
    run: () => err('ERR unknown subcommand'),
    subcommands: [
      command({
        group: 'scripting',
        name: 'function|load',
        arity: -3,
        flags: 'write denyoom noscript',
        args: '[REPLACE] function-code',
        summary: 'Load a library (`#!lua name=mylib` then redis.register_function calls).',
        since: '7.0.0',
        run: functionLoad,
      }),
      command({
        group: 'scripting',
        name: 'function|list',
        arity: -2,
        flags: 'noscript',
        args: '[LIBRARYNAME library-name-pattern] [WITHCODE]',
        summary: 'List the loaded libraries and their functions.',
        since: '7.0.0',
        run: functionList,
      }),
      command({
        group: 'scripting',
        name: 'function|delete',
        arity: 3,
        flags: 'write noscript',
        args: 'library-name',
        summary: 'Delete a library.',
        since: '7.0.0',
        run: functionDelete,
      }),
      command({
        group: 'scripting',
        name: 'function|flush',
        arity: -2,
        flags: 'write noscript',
        args: '[ASYNC | SYNC]',
        summary: 'Delete every library.',
        since: '7.0.0',
        run: functionFlush,
      }),
    ],
  }),
];
