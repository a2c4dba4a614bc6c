// The loader of src/core/lua/wasm/lua51.wasm (Redis's Lua 5.1 and the lab's glue, built by
// scripts/build-lua.sh with Debian's emscripten). It provides exactly the imports the module
// declares: the lab's three (lab_js_call, lab_js_log, lab_js_sha1hex) and the few emscripten
// runtime functions (setjmp/longjmp through invoke_vii, heap growth, libc stubs for file
// functions no script can reach). A test checks the module's import list against these.
//
// The module is compiled once (from bytes in Node, from its bundled URL in a browser: never
// from a network) and can be instantiated again synchronously after a trap.

/** What the glue calls back (the engine implements it). */
export interface WasmHost {
  /** redis.call / redis.pcall: arguments at [ptr, ptr+len); returns the reply's length. */
  call(ptr: number, len: number): number;
  log(level: number, ptr: number, len: number): void;
  sha1hex(ptr: number, len: number): void;
}

export interface LuaExports {
  lab_input(need: number): number;
  lab_output(): number;
  lab_output_length(): number;
  lab_state_new(limit: number): number;
  lab_state_close(state: number): void;
  lab_state_memory(state: number): number;
  lab_set_text(kind: number, len: number): number;
  lab_compile(state: number, len: number): number;
  lab_unref(state: number, ref: number): void;
  lab_eval(state: number, ref: number, mode: number, limit: number, len: number): number;
}

export interface LuaInstance {
  readonly exports: LuaExports;
  readonly memory: WebAssembly.Memory;
}

/** Imports the emscripten runtime needs besides the lab's own (checked by wasm.test.ts). */
export const RUNTIME_IMPORTS = [
  'abort',
  'exit',
  'getTempRet0',
  'setTempRet0',
  'invoke_vii',
  '_emscripten_throw_longjmp',
  'emscripten_memcpy_big',
  'emscripten_resize_heap',
  '__syscall_open',
  '__syscall_fcntl64',
  '__syscall_ioctl',
  '__syscall_dup3',
  'fd_write',
  'fd_read',
  'fd_close',
  'fd_seek',
] as const;

export const LAB_IMPORTS = ['lab_js_call', 'lab_js_log', 'lab_js_sha1hex'] as const;

/** The heap may grow to this (each Lua state has its own, smaller, cap). */
const HEAP_MAX = 512 * 1024 * 1024;
const ENOSYS = 52;

/** Thrown by abort() inside the module; the engine rebuilds the instance. */
export class LuaTrap extends Error {}

export function instantiateLua(module: WebAssembly.Module, host: WasmHost): LuaInstance {
  let memory: WebAssembly.Memory | null = null;
  let table: WebAssembly.Table | null = null;
  let tempRet0 = 0;
  let stackSave: () => number = () => 0;
  let stackRestore: (sp: number) => void = () => undefined;
  let setThrew: (threw: number, value: number) => void = () => undefined;

  const env: WebAssembly.ModuleImports = {
    lab_js_call: (ptr: number, len: number) => host.call(ptr, len),
    lab_js_log: (level: number, ptr: number, len: number) => host.log(level, ptr, len),
    lab_js_sha1hex: (ptr: number, len: number) => host.sha1hex(ptr, len),
    abort: () => {
      throw new LuaTrap('the Lua module aborted');
    },
    exit: (status: number) => {
      throw new LuaTrap(`the Lua module called exit(${status})`);
    },
    getTempRet0: () => tempRet0,
    setTempRet0: (v: number) => {
      tempRet0 = v;
    },
    // Lua's setjmp/longjmp: longjmp throws Infinity; the frame that called setjmp (Lua's
    // luaD_rawrunprotected) calls through here and turns it back into a return.
    invoke_vii: (index: number, a: number, b: number) => {
      const sp = stackSave();
      try {
        (table!.get(index) as (a: number, b: number) => void)(a, b);
      } catch (e) {
        stackRestore(sp);
        if (e !== Infinity) throw e;
        setThrew(1, 0);
      }
    },
    _emscripten_throw_longjmp: () => {
      throw Infinity;
    },
    emscripten_memcpy_big: (dest: number, src: number, num: number) => {
      new Uint8Array(memory!.buffer).copyWithin(dest, src, src + num);
    },
    emscripten_resize_heap: (requested: number) => {
      const mem = memory!;
      requested >>>= 0;
      if (requested > HEAP_MAX) return 0;
      const old = mem.buffer.byteLength;
      // Grow by at least 20% (fewer, larger steps), as emscripten's own runtime does.
      const target = Math.min(HEAP_MAX, Math.max(requested, Math.ceil(old * 1.2)));
      const pages = Math.ceil((target - old) / 65536);
      try {
        mem.grow(pages);
        return 1;
      } catch {
        try {
          mem.grow(Math.ceil((requested - old) / 65536));
          return 1;
        } catch {
          return 0;
        }
      }
    },
    // File functions are linked in (Lua's loadfile, io) but no script can reach them.
    __syscall_open: () => -ENOSYS,
    __syscall_fcntl64: () => -ENOSYS,
    __syscall_ioctl: () => -ENOSYS,
    __syscall_dup3: () => -ENOSYS,
    fd_write: () => ENOSYS,
    fd_read: () => ENOSYS,
    fd_close: () => ENOSYS,
    fd_seek: () => ENOSYS,
  };
  const instance = new WebAssembly.Instance(module, {
    env,
    wasi_snapshot_preview1: env,
  });
  const ex = instance.exports as Record<string, unknown>;
  memory = ex.memory as WebAssembly.Memory;
  table = ex.__indirect_function_table as WebAssembly.Table;
  stackSave = ex.stackSave as () => number;
  stackRestore = ex.stackRestore as (sp: number) => void;
  setThrew = ex.setThrew as (threw: number, value: number) => void;
  (ex.__wasm_call_ctors as () => void)();
  return { exports: ex as unknown as LuaExports, memory };
}

/** Compile the module from its bytes, or from the URL of the bundled file (browser). */
export async function compileLuaModule(src: {
  wasmBinary?: Uint8Array | ArrayBuffer;
  wasmUrl?: string;
}): Promise<WebAssembly.Module> {
  if (src.wasmBinary !== undefined) {
    const bytes =
      src.wasmBinary instanceof Uint8Array ? src.wasmBinary : new Uint8Array(src.wasmBinary);
    return WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
  }
  if (src.wasmUrl !== undefined) {
    const res = await fetch(src.wasmUrl);
    if (!res.ok) throw new Error(`the Lua engine's wasm (${src.wasmUrl}) answered ${res.status}`);
    return WebAssembly.compile(await res.arrayBuffer());
  }
  return WebAssembly.compile((await readBundledWasm()) as Uint8Array<ArrayBuffer>);
}

/** Node (CLI, tests): the committed file next to this module. */
async function readBundledWasm(): Promise<Uint8Array> {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (proc?.versions?.node === undefined) {
    throw new Error(
      'createLuaEngine: in a browser, pass wasmUrl (the bundled lua51.wasm, a Vite ?url import)',
    );
  }
  // Kept out of reach of bundlers: a browser build never takes this path.
  const fsName = 'node:fs/promises';
  const urlName = 'node:url';
  const fs = (await import(/* @vite-ignore */ fsName)) as {
    readFile(path: string): Promise<Uint8Array>;
  };
  const url = (await import(/* @vite-ignore */ urlName)) as {
    fileURLToPath(u: string): string;
  };
  const here = import.meta.url.replace(/[^/]*$/, '');
  return fs.readFile(url.fileURLToPath(here + 'wasm/lua51.wasm'));
}
