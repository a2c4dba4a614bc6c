#!/usr/bin/env bash
# Builds the lab's Lua engine: src/core/lua/wasm/lua51.wasm and its manifest.
#
#   npm run build:lua            # fetch, build, write src/core/lua/wasm/
#   npm run build:lua -- --check # build into a scratch dir and compare with the committed files
#
# The sources are Debian's `redis` source package (apt-get source), whose deps/lua is exactly
# the Lua 5.1.5 that redis-server embeds, with Redis's cjson, bit, struct and cmsgpack and
# Redis 7's read-only tables, plus Debian's security patches (dpkg-source applies them). The
# lab's own C (src/core/lua/c/) is added on top: redis-lua.patch (x86-64 number semantics, the
# step budget in C-level loops) and lab.c (sandbox, redis.* bridge, allocator cap, budget).
# The compiler is Debian's emscripten 3.1.6 (`apt-get install emscripten`). Before building,
# lab_num.c (number <-> text without long double) is checked natively against glibc when a C
# compiler is around (`cc`; set LAB_NUM_TEST=0 to skip).
#
# apt needs a deb-src entry; the script brings its own apt configuration under $WORK/apt (no
# system change, no root). The built files are committed: `npm install && npm start` and
# `npm test` never need a compiler. Running this again gives byte-identical files.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
C_DIR="$ROOT/src/core/lua/c"
OUT_DIR="$ROOT/src/core/lua/wasm"
# The Debian source package version of redis-server 7.0.15 this build follows. When Debian
# publishes a newer one (old versions leave the mirror), set REDIS_DEB_VERSION to it; the
# differential tests against the installed redis-server then say whether anything changed.
REDIS_DEB_VERSION=${REDIS_DEB_VERSION:-5:7.0.15-1~deb12u10}
# A fixed path: the build is reproducible byte for byte, paths included.
WORK=${LUA_BUILD_DIR:-/tmp/ratelab-lua-build}
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1

say() { printf '== %s\n' "$*"; }
die() {
  printf 'build-lua: %s\n' "$*" >&2
  exit 1
}

for tool in apt-get dpkg-source patch sha256sum node emcc; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool is missing (Debian: apt-get install dpkg-dev patch nodejs emscripten)"
done
# Debian's emcc needs its acorn from the system's node modules.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
# (No `| head` on emcc's output: with pipefail an early-closing reader fails the build.)
EMCC_OUT=$(emcc --version 2>/dev/null || true)
EMCC_VERSION=$(printf '%s\n' "$EMCC_OUT" | sed -nE '1s/.* ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p')
[ "$EMCC_VERSION" = "3.1.6" ] ||
  say "warning: emcc $EMCC_VERSION (the committed build used 3.1.6; output bytes may differ)"

# ---------------------------------------------------------------------------------------
# Sources: apt-get source with a private apt configuration holding the deb-src entries.
CODENAME=bookworm
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  . /etc/os-release
  CODENAME=${VERSION_CODENAME:-bookworm}
fi
APT="$WORK/apt"
mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/sources.list.d"
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
{
  echo "deb-src [signed-by=$KEYRING] http://deb.debian.org/debian $CODENAME main"
  echo "deb-src [signed-by=$KEYRING] http://deb.debian.org/debian $CODENAME-updates main"
  echo "deb-src [signed-by=$KEYRING] http://deb.debian.org/debian-security $CODENAME-security main"
} >"$APT/sources.list"
cat >"$APT/apt.conf" <<EOF
Dir::Etc::sourcelist "$APT/sources.list";
Dir::Etc::sourceparts "$APT/sources.list.d";
Dir::State::Lists "$APT/lists";
Dir::Cache "$APT/cache";
APT::Sandbox::User "$(id -un)";
EOF
export APT_CONFIG="$APT/apt.conf"

DL="$WORK/dl"
mkdir -p "$DL"
if ! ls "$DL"/redis_*.dsc >/dev/null 2>&1 ||
  ! grep -qxF "Version: $REDIS_DEB_VERSION" "$DL"/redis_*.dsc; then
  say "apt-get update (deb-src, private configuration in $APT)"
  apt-get update -qq >/dev/null || die "apt-get update failed (network?)"
  rm -f "$DL"/redis_*
  say "apt-get source redis=$REDIS_DEB_VERSION"
  (cd "$DL" && apt-get source --download-only -qq "redis=$REDIS_DEB_VERSION" >/dev/null) ||
    die "apt-get source redis=$REDIS_DEB_VERSION failed; list what Debian has with:
  APT_CONFIG=$APT/apt.conf apt-cache showsrc redis | grep ^Version
and rebuild with REDIS_DEB_VERSION=<that version>"
fi
DSC=$(ls "$DL"/redis_*.dsc)

SRC="$WORK/src"
rm -rf "$SRC"
mkdir -p "$SRC"
say "dpkg-source -x $(basename "$DSC") (applies Debian's patches)"
dpkg-source --no-check -x "$DSC" "$SRC/redis" >/dev/null
LUA="$SRC/redis/deps/lua/src"
[ -f "$LUA/lua_cjson.c" ] || die "this redis source has no deps/lua (Debian changed the package?)"
say "patch deps/lua with src/core/lua/c/redis-lua.patch"
patch -s -p1 -d "$LUA" <"$C_DIR/redis-lua.patch"

# ---------------------------------------------------------------------------------------
# lab_num.c must give glibc's bytes (it replaces strtod and printf("%.14g"/"%.17g") in Lua).
if [ "${LAB_NUM_TEST:-1}" != 0 ]; then
  if command -v cc >/dev/null 2>&1; then
    say "check lab_num.c against glibc (native cc)"
    cc -O2 -o "$WORK/lab_num_test" "$C_DIR/lab_num_test.c" "$C_DIR/lab_num.c" -lm
    "$WORK/lab_num_test" || die "lab_num.c differs from glibc: fix it before building"
  else
    say "warning: no native cc: lab_num.c not checked against glibc"
  fi
fi

# ---------------------------------------------------------------------------------------
# Build
OBJ="$WORK/obj"
BUILD_OUT="$WORK/out"
rm -rf "$OBJ" "$BUILD_OUT"
mkdir -p "$OBJ" "$BUILD_OUT"
CORE="lapi lcode ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser lstate lstring
  ltable ltm lundump lvm lzio lauxlib lbaselib ldblib lmathlib lstrlib ltablib"
LIBS="lua_cjson lua_struct lua_cmsgpack lua_bit fpconv strbuf"
# As Redis's deps/Makefile builds its Lua (-DLUA_ANSI -DENABLE_CJSON_GLOBAL ...), plus:
# saturating float->int instructions (never a trap) and lab_x86.h in every file.
CFLAGS=(-O2 -DLUA_ANSI -DENABLE_CJSON_GLOBAL "-DREDIS_STATIC=" -DNDEBUG
  -mnontrapping-fptoint -include "$C_DIR/lab_x86.h" -I"$LUA"
  "-ffile-prefix-map=$WORK=." "-ffile-prefix-map=$ROOT=.")
say "emcc $EMCC_VERSION: Lua 5.1.5, cjson, struct, cmsgpack, bit, lab.c"
for f in $CORE $LIBS; do
  emcc "${CFLAGS[@]}" -c "$LUA/$f.c" -o "$OBJ/$f.o"
done
emcc "${CFLAGS[@]}" -Wall -Werror -c "$C_DIR/lab.c" -o "$OBJ/lab.o"
emcc "${CFLAGS[@]}" -Wall -Werror -c "$C_DIR/lab_num.c" -o "$OBJ/lab_num.o"
EXPORTS='["_lab_input","_lab_output","_lab_output_length","_lab_state_new","_lab_state_close",'
EXPORTS+='"_lab_state_memory","_lab_set_text","_lab_compile","_lab_unref","_lab_eval"]'
# The JS glue emcc writes beside the wasm is not used: src/core/lua/wasm.ts is the loader.
# shellcheck disable=SC2046
emcc -O2 $(for f in $CORE $LIBS lab lab_num; do echo "$OBJ/$f.o"; done) -o "$BUILD_OUT/lua51.mjs" \
  --js-library "$C_DIR/lab_imports.js" \
  -sEXPORTED_FUNCTIONS="$EXPORTS" -sMODULARIZE=1 -sEXPORT_ES6=1 -sENVIRONMENT=web,worker \
  -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=512MB -sABORTING_MALLOC=0 \
  -sTOTAL_STACK=5MB -sDYNAMIC_EXECUTION=0

# ---------------------------------------------------------------------------------------
# Manifest: versions, and the sha256 of every input and output.
TARGET="$OUT_DIR"
if [ "$CHECK" = 1 ]; then TARGET="$WORK/check"; fi
mkdir -p "$TARGET"
cp "$BUILD_OUT/lua51.wasm" "$TARGET/lua51.wasm"
chmod 644 "$TARGET/lua51.wasm"
EMCC_V=$(emcc -v 2>&1 || true)
CLANG_VERSION=$(printf '%s\n' "$EMCC_V" | sed -nE 's/.*clang version ([0-9.]+).*/\1/p' | sed -n 1p)
node - "$ROOT" "$TARGET" "$DL" "$REDIS_DEB_VERSION" "$EMCC_VERSION" "$CLANG_VERSION" <<'EOF'
const { createHash } = require('node:crypto');
const { readFileSync, writeFileSync, readdirSync } = require('node:fs');
const { join, relative } = require('node:path');
const [root, target, dl, debVersion, emcc, clang] = process.argv.slice(2);
const sha = (p) => createHash('sha256').update(readFileSync(p)).digest('hex');
const file = (p) => ({ path: relative(root, p), sha256: sha(p) });
const manifest = {
  about:
    "Redis's Lua 5.1.5 (with cjson, bit, struct, cmsgpack) and the lab's glue, built by " +
    'scripts/build-lua.sh; checked by src/core/lua/wasm.test.ts. Loader: src/core/lua/wasm.ts.',
  debianSources: [
    {
      package: 'redis',
      version: debVersion,
      files: readdirSync(dl)
        .filter((f) => f.startsWith('redis_'))
        .sort()
        .map((f) => ({ name: f, sha256: sha(join(dl, f)) })),
    },
  ],
  toolchain: { emscripten: emcc, clang },
  inputs: [
    'scripts/build-lua.sh',
    'src/core/lua/c/lab.c',
    'src/core/lua/c/lab_num.c',
    'src/core/lua/c/lab_num_test.c',
    'src/core/lua/c/lab_x86.h',
    'src/core/lua/c/lab_imports.js',
    'src/core/lua/c/redis-lua.patch',
  ].map((p) => file(join(root, p))),
  outputs: [{ ...file(join(target, 'lua51.wasm')), path: 'src/core/lua/wasm/lua51.wasm' }],
};
writeFileSync(join(target, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
EOF

if [ "$CHECK" = 1 ]; then
  same=1
  for f in lua51.wasm manifest.json; do
    if cmp -s "$TARGET/$f" "$OUT_DIR/$f"; then say "$f: identical"; else
      say "$f: DIFFERS from the committed file"
      same=0
    fi
  done
  [ "$same" = 1 ] || exit 1
else
  say "wrote src/core/lua/wasm/lua51.wasm ($(wc -c <"$OUT_DIR/lua51.wasm") bytes) and manifest.json"
fi
