// The Lua heap cap as a tiny wasm module: Lua calls its allocator ~25 times per EVALSHA, and
// a JS allocator costs a wasm -> JS -> wasm round trip each time. This one is wasm calling
// the glue's realloc/free directly, with the byte count in a wasm global JS can read.
import type { Ptr, RawLua } from './raw';

/** A lua_Alloc with a byte cap, for lua_newstate. */
export interface CountingAllocator {
  /** The function-table index to pass to lua_newstate. */
  readonly ptr: Ptr;
  /** Bytes currently allocated through it. */
  used(): number;
}

// (module
//   (import "env" "realloc" (func $realloc (param i32 i32) (result i32)))
//   (import "env" "free" (func $free (param i32)))
//   (global $used (export "used") (mut f64) (f64.const 0))
//   (global $limit (export "limit") (mut f64) (f64.const 0))
//   (func (export "alloc") (param $ud i32) (param $ptr i32) (param $osize i32) (param $nsize i32)
//     (result i32) (local $delta f64) (local $p i32)
//     (if (i32.eqz (local.get $nsize)) (then
//       (if (local.get $ptr) (then
//         (global.set $used (f64.sub (global.get $used) (f64.convert_i32_u (local.get $osize))))
//         (call $free (local.get $ptr))))
//       (return (i32.const 0))))
//     ;; a fresh block (ptr NULL) gets a type tag in osize, not a size
//     (local.set $delta (f64.sub (f64.convert_i32_u (local.get $nsize))
//       (if (result f64) (local.get $ptr) (then (f64.convert_i32_u (local.get $osize)))
//         (else (f64.const 0)))))
//     (if (f64.gt (local.get $delta) (f64.const 0)) (then
//       (if (f64.gt (f64.add (global.get $used) (local.get $delta)) (global.get $limit))
//         (then (return (i32.const 0))))))
//     (local.set $p (call $realloc (local.get $ptr) (local.get $nsize)))
//     (if (local.get $p) (then
//       (global.set $used (f64.add (global.get $used) (local.get $delta)))))
//     (local.get $p)))
const F64_ZERO = [0, 0, 0, 0, 0, 0, 0, 0];

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

const name = (s: string): number[] => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
const vec = (items: number[][]): number[] => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...leb(body.length), ...body];

const I32 = 0x7f;
const F64 = 0x7c;

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const types = vec([
    [0x60, 2, I32, I32, 1, I32], // realloc
    [0x60, 1, I32, 0], // free
    [0x60, 4, I32, I32, I32, I32, 1, I32], // lua_Alloc
  ]);
  const imports = vec([
    [...name('env'), ...name('realloc'), 0x00, 0],
    [...name('env'), ...name('free'), 0x00, 1],
  ]);
  const funcs = vec([[2]]);
  const globals = vec([
    [F64, 1, 0x44, ...F64_ZERO, 0x0b],
    [F64, 1, 0x44, ...F64_ZERO, 0x0b],
  ]);
  const exports = vec([
    [...name('alloc'), 0x00, 2],
    [...name('used'), 0x03, 0],
    [...name('limit'), 0x03, 1],
  ]);
  // params: 0 ud, 1 ptr, 2 osize, 3 nsize; locals: 4 delta (f64), 5 p (i32)
  const code = [
    ...[2, 1, F64, 1, I32],
    ...[0x20, 3, 0x45, 0x04, 0x40], // if nsize == 0
    ...[0x20, 1, 0x04, 0x40], //   if ptr
    ...[0x23, 0, 0x20, 2, 0xb8, 0xa1, 0x24, 0], //     used -= osize
    ...[0x20, 1, 0x10, 1], //     free(ptr)
    0x0b,
    ...[0x41, 0, 0x0f], //   return 0
    0x0b,
    ...[0x20, 3, 0xb8], // f64(nsize)
    ...[0x20, 1, 0x04, F64, 0x20, 2, 0xb8, 0x05, 0x44, ...F64_ZERO, 0x0b], // ptr ? osize : 0
    ...[0xa1, 0x21, 4], // delta = nsize - that
    ...[0x20, 4, 0x44, ...F64_ZERO, 0x64, 0x04, 0x40], // if delta > 0
    ...[0x23, 0, 0x20, 4, 0xa0, 0x23, 1, 0x64], //   used + delta > limit
    ...[0x04, 0x40, 0x41, 0, 0x0f, 0x0b], //   then return 0
    0x0b,
    ...[0x20, 1, 0x20, 3, 0x10, 0, 0x22, 5], // p = realloc(ptr, nsize)
    ...[0x04, 0x40, 0x23, 0, 0x20, 4, 0xa0, 0x24, 0, 0x0b], // if p: used += delta
    ...[0x20, 5, 0x0b], // p
  ];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, types),
    ...section(2, imports),
    ...section(3, funcs),
    ...section(6, globals),
    ...section(7, exports),
    ...section(10, vec([[...leb(code.length), ...code]])),
  ]);
}

/**
 * The wasm allocator, or null where wasm cannot be compiled from bytes (e.g. a page whose
 * Content-Security-Policy forbids it); the engine then falls back to a JS allocator.
 */
export function createCountingAllocator(m: RawLua, limit: number): CountingAllocator | null {
  let inst: WebAssembly.Instance;
  try {
    inst = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), {
      env: { realloc: m._realloc, free: m._free },
    });
  } catch {
    return null;
  }
  const ex = inst.exports as {
    alloc: (...args: number[]) => number;
    used: WebAssembly.Global;
    limit: WebAssembly.Global;
  };
  ex.limit.value = limit;
  const used = ex.used;
  return {
    // The glue's addFunction puts a wasm function straight into its table (no JS wrapper).
    ptr: m.addFunction(ex.alloc, 'iiiii'),
    used: () => used.value as number,
  };
}
