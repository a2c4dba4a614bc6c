// The committed Lua build: its manifest matches the files (so `npm run build:lua` is the only
// way they change), and the module needs exactly the imports the loader provides.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAB_IMPORTS, RUNTIME_IMPORTS } from './wasm';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const sha256 = (path: string): string =>
  createHash('sha256')
    .update(readFileSync(join(root, path)))
    .digest('hex');

interface Manifest {
  debianSources: Array<{ package: string; version: string; files: unknown[] }>;
  toolchain: { emscripten: string };
  inputs: Array<{ path: string; sha256: string }>;
  outputs: Array<{ path: string; sha256: string }>;
}
const manifest = JSON.parse(
  readFileSync(join(root, 'src/core/lua/wasm/manifest.json'), 'utf8'),
) as Manifest;

describe('the committed Lua build (src/core/lua/wasm/manifest.json)', () => {
  it("names its sources: Debian's redis 7.0.15 source package, built with emcc 3.1.6", () => {
    expect(manifest.debianSources[0]).toMatchObject({ package: 'redis' });
    expect(manifest.debianSources[0]!.version).toMatch(/^5:7\.0\.15-/);
    expect(manifest.debianSources[0]!.files.length).toBe(3);
    expect(manifest.toolchain.emscripten).toBe('3.1.6');
  });

  for (const f of [...manifest.inputs, ...manifest.outputs]) {
    it(`has the sha256 of ${f.path}`, () => {
      expect(sha256(f.path), `${f.path} changed: run npm run build:lua`).toBe(f.sha256);
    });
  }

  it('needs exactly the imports src/core/lua/wasm.ts provides', () => {
    const bytes = readFileSync(join(root, 'src/core/lua/wasm/lua51.wasm'));
    const mod = new WebAssembly.Module(bytes);
    const names = WebAssembly.Module.imports(mod).map((i) => i.name);
    expect(new Set(names)).toEqual(new Set<string>([...LAB_IMPORTS, ...RUNTIME_IMPORTS]));
    const exports = WebAssembly.Module.exports(mod).map((e) => e.name);
    for (const e of ['memory', 'lab_eval', 'lab_compile', 'lab_state_new', 'setThrew'])
      expect(exports).toContain(e);
  });
});
