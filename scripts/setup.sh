#!/usr/bin/env bash
# PE Lab — scripts/setup.sh
# One idempotent set-up for a Debian 12 machine (root, non-interactive; sudo is used when not root):
#   1. the apt deb-src entry, apt-get update only when something is missing, the Debian packages;
#   2. `apt-get source` of Dear ImGui and SDL2 into the dependency cache (${PELAB_DEPS_DIR:-~/.cache/pelab});
#   3. SDL2 built as a static library with Emscripten into that cache, keyed by SDL2 and emscripten versions,
#      configured with the pre-seeded cmake/sdl2-emscripten-cache.cmake (seconds instead of minutes);
#   4. `npm ci` in tests/browser (playwright-core, pngjs; the browser is Debian's /usr/bin/chromium: nothing
#      ever downloads a browser), web (reveal.js) and scripts/equations (mathjax-full, earcut: the build-time
#      typesetting of the equations) and scripts/closure (google-closure-compiler: emcc minifies pelab.js with it).
# A second run on a set-up machine only checks stamps and takes seconds. No third-party source goes
# into the repository. Options: PELAB_DEPS_DIR (cache folder), PELAB_EXTRA_PACKAGES (more apt packages).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"
export DEBIAN_FRONTEND=noninteractive
: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"   # the dependency cache defaults to ~/.cache/pelab
export HOME
export NODE_PATH=/usr/share/nodejs          # emcc finds acorn there (Debian's node-acorn)
DEPS_DIR="${PELAB_DEPS_DIR:-$HOME/.cache/pelab}"
SECONDS=0

log()  { printf '[setup %3ds] %s\n' "$SECONDS" "$*"; }
die()  { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }
trap 'printf "[setup] ERROR: failed at line %s: %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

SUDO=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || die "run as root (or install sudo)"
  SUDO=(sudo DEBIAN_FRONTEND=noninteractive)
fi

# [SECTION] pinned versions: read from cmake/PelabDeps.cmake (the single place they are written)
deps_version() {
  sed -n "s/^set($1 \"\\([^\"]*\\)\").*/\\1/p" cmake/PelabDeps.cmake
}
IMGUI_DEB_VERSION="$(deps_version PELAB_IMGUI_DEB_VERSION)"
SDL2_DEB_VERSION="$(deps_version PELAB_SDL2_DEB_VERSION)"
{ [ -n "$IMGUI_DEB_VERSION" ] && [ -n "$SDL2_DEB_VERSION" ]; } || die "cannot read versions from cmake/PelabDeps.cmake"
IMGUI_DIR="$DEPS_DIR/imgui-${IMGUI_DEB_VERSION%-*}"          # apt-get source names it after upstream
SDL2_SRC_DIR="$DEPS_DIR/libsdl2-${SDL2_DEB_VERSION%-*}"
SDL2_SEED="$REPO_ROOT/cmake/sdl2-emscripten-cache.cmake"

PACKAGES=(
  cmake ninja-build g++ make pkg-config python3 python3-fonttools dpkg-dev xz-utils ca-certificates
  emscripten libeigen3-dev libsdl2-dev libgl-dev libgtest-dev googletest
  xvfb xauth x11-utils libxtst6 libgl1-mesa-dri libglx-mesa0 chromium fonts-wqy-microhei fonts-dejavu-core imagemagick libstb-dev ccache
  brotli                     # the web build writes .br copies beside the page files
  zopfli                     # the web build's .gz copies, smaller than gzip -9 (cmake/PelabWeb.cmake)
  clang libclang-rt-14-dev   # preset fuzz: clang 14 with the libFuzzer, ASan and UBSan runtimes
)
# shellcheck disable=SC2206
PACKAGES+=(${PELAB_EXTRA_PACKAGES:-})

# [SECTION] 1. apt: deb-src entry, update only when needed, install what is missing
# shellcheck source=/dev/null
. /etc/os-release
CODENAME="${VERSION_CODENAME:-bookworm}"
SRC_LIST=/etc/apt/sources.list.d/pelab-src.sources
SRC_WANT="Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $CODENAME
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
APT_STALE=0
if [ "$(cat "$SRC_LIST" 2>/dev/null || true)" != "$SRC_WANT" ]; then
  log "apt: writing the deb-src entry $SRC_LIST"
  printf '%s\n' "$SRC_WANT" | "${SUDO[@]}" tee "$SRC_LIST" >/dev/null
  APT_STALE=1
fi

MISSING=()
for pkg in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)"
  [[ "$status" == ii* ]] || MISSING+=("$pkg")
done
# npm comes with nodesource's nodejs on these machines; Debian's npm only where there is none.
command -v npm >/dev/null || MISSING+=(npm)

need_sources=0
[ -f "$IMGUI_DIR/imgui.cpp" ] || need_sources=1
[ -f "$SDL2_SRC_DIR/CMakeLists.txt" ] || need_sources=1
have_source_lists=0
compgen -G "/var/lib/apt/lists/*_${CODENAME}_main_source_Sources*" >/dev/null && have_source_lists=1

APT_OPTS=(-y -q -o DPkg::Lock::Timeout=600)
if [ "$APT_STALE" = 1 ] || [ "${#MISSING[@]}" -gt 0 ] || { [ "$need_sources" = 1 ] && [ "$have_source_lists" = 0 ]; }; then
  log "apt: apt-get update"
  "${SUDO[@]}" apt-get update -q -o DPkg::Lock::Timeout=600 >/dev/null
fi
if [ "${#MISSING[@]}" -gt 0 ]; then
  log "apt: installing ${MISSING[*]}"
  "${SUDO[@]}" apt-get install "${APT_OPTS[@]}" --no-install-recommends "${MISSING[@]}"
else
  log "apt: all ${#PACKAGES[@]} packages present"
fi
command -v emcc >/dev/null || die "emcc not found after installing emscripten"
EMVER="$(emcc -dumpversion 2>/dev/null | head -n1)"
[ -n "$EMVER" ] || die "emcc -dumpversion printed nothing (is NODE_PATH=/usr/share/nodejs set?)"
export PELAB_EMSCRIPTEN_VERSION="$EMVER"
TOOLCHAIN="$(em-config EMSCRIPTEN_ROOT 2>/dev/null || echo /usr/share/emscripten)/cmake/Modules/Platform/Emscripten.cmake"
[ -f "$TOOLCHAIN" ] || die "Emscripten toolchain file not found: $TOOLCHAIN"

# [SECTION] 2. third-party sources into the cache (never into the repository)
mkdir -p "$DEPS_DIR"
exec 9>"$DEPS_DIR/.setup.lock"
if ! flock -n 9; then
  log "cache: another setup.sh holds $DEPS_DIR/.setup.lock, waiting"
  flock 9
fi

fetch_source() {   # <source package> <debian version> <folder it extracts to>
  local pkg="$1" version="$2" dest="$3" tmp
  if [ -d "$dest" ] && [ -f "$dest/.pelab-complete" ]; then
    log "cache: $(basename "$dest") present"
    return
  fi
  log "cache: apt-get source $pkg=$version"
  tmp="$(mktemp -d "$DEPS_DIR/.tmp-src.XXXXXX")"
  (cd "$tmp" && apt-get source -q -o APT::Sandbox::User=root "$pkg=$version" >"$tmp/apt-source.log" 2>&1) \
    || { cat "$tmp/apt-source.log" >&2; rm -rf "$tmp"; die "apt-get source $pkg=$version failed"; }
  [ -d "$tmp/$(basename "$dest")" ] || { ls "$tmp" >&2; rm -rf "$tmp"; die "unexpected folder from apt-get source $pkg"; }
  rm -rf "$dest"
  mv "$tmp/$(basename "$dest")" "$dest"
  echo "$pkg=$version" >"$dest/.pelab-complete"
  rm -rf "$tmp"
}
fetch_source imgui "$IMGUI_DEB_VERSION" "$IMGUI_DIR"
fetch_source libsdl2 "$SDL2_DEB_VERSION" "$SDL2_SRC_DIR"

# [SECTION] 3. SDL2 for the web: static libSDL2.a + headers, cached per SDL2 / emscripten / seed file
SDL2_WEB_DIR="$DEPS_DIR/sdl2-${SDL2_DEB_VERSION}-emscripten-${EMVER}"
SEED_HASH="$(sha256sum "$SDL2_SEED" | cut -d' ' -f1)"
STAMP_WANT="sdl2=${SDL2_DEB_VERSION} emscripten=${EMVER} cache=${SEED_HASH}"
if [ -f "$SDL2_WEB_DIR/lib/libSDL2.a" ] && [ "$(head -n1 "$SDL2_WEB_DIR/pelab-stamp.txt" 2>/dev/null)" = "$STAMP_WANT" ]; then
  log "cache: $(basename "$SDL2_WEB_DIR") present"
else
  build="$DEPS_DIR/.build-$(basename "$SDL2_WEB_DIR")"
  stage="$DEPS_DIR/.stage-$(basename "$SDL2_WEB_DIR")"
  logf="$DEPS_DIR/sdl2-web-build.log"
  rm -rf "$build" "$stage"
  log "sdl2: configuring SDL2 $SDL2_DEB_VERSION for emscripten $EMVER (log: $logf)"
  t0=$SECONDS
  sdl_failed() { tail -n 40 "$logf" >&2; die "SDL2 web build failed (full log: $logf)"; }
  cmake -C "$SDL2_SEED" -S "$SDL2_SRC_DIR" -B "$build" -G Ninja \
        -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
        -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node \
        -DCMAKE_INSTALL_PREFIX="$stage" >"$logf" 2>&1 || sdl_failed
  log "sdl2: configured in $((SECONDS - t0))s; building libSDL2.a (about a minute on 2 cores)"
  t1=$SECONDS
  cmake --build "$build" >>"$logf" 2>&1 || sdl_failed
  cmake --install "$build" >>"$logf" 2>&1 || sdl_failed
  log "sdl2: compiled in $((SECONDS - t1))s"
  { [ -f "$stage/lib/libSDL2.a" ] && [ -f "$stage/include/SDL2/SDL.h" ]; } || die "SDL2 install lacks libSDL2.a or SDL.h"
  printf '%s\n' "$STAMP_WANT" >"$stage/pelab-stamp.txt"
  rm -rf "$SDL2_WEB_DIR"
  mv "$stage" "$SDL2_WEB_DIR"
  rm -rf "$build"
  log "sdl2: built in $((SECONDS - t0))s -> $SDL2_WEB_DIR ($(du -h "$SDL2_WEB_DIR/lib/libSDL2.a" | cut -f1) libSDL2.a)"
fi

# [SECTION] 4. npm packages: playwright-core + pngjs for the browser tests (tests/browser; uses
# /usr/bin/chromium, never downloads a browser) and reveal.js for the example lecture deck (web/).
# A locked folder's node_modules is kept in the dependency cache too, keyed by its package.json and
# package-lock.json: a new clone copies it (under a second) instead of running `npm ci` (10-20 s each).
npm_install() {  # npm_install DIR: `npm ci` when package.json/package-lock.json changed, else nothing
  local dir="$1" lock="$1/package-lock.json" want cached
  [ -f "$dir/package.json" ] || return 0
  want="$(cat "$dir/package.json" "$lock" 2>/dev/null | sha256sum | cut -d' ' -f1)"
  if [ "$(cat "$dir/node_modules/.pelab-stamp" 2>/dev/null || true)" = "$want" ]; then
    log "npm: ${dir#"$REPO_ROOT"/}/node_modules up to date"
    return 0
  fi
  cached="$DEPS_DIR/npm/$(printf '%s' "${dir#"$REPO_ROOT"/}" | tr '/' '_')-$want"
  if [ -f "$lock" ] && [ -f "$cached/.pelab-stamp" ]; then
    log "npm: ${dir#"$REPO_ROOT"/}/node_modules from the cache"
    rm -rf "$dir/node_modules"
    cp -a "$cached" "$dir/node_modules"
    return 0
  fi
  if [ -f "$lock" ]; then
    log "npm: npm ci in ${dir#"$REPO_ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    printf '%s\n' "$want" >"$dir/node_modules/.pelab-stamp"
    # Into the cache whole or not at all: copied beside it, then renamed.
    mkdir -p "$DEPS_DIR/npm"
    rm -rf "$cached.tmp" && cp -a "$dir/node_modules" "$cached.tmp" && rm -rf "$cached" && mv "$cached.tmp" "$cached"
    return 0
  else
    log "npm: npm install in ${dir#"$REPO_ROOT"/} (no package-lock.json yet)"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error)
    want="$(cat "$dir/package.json" "$lock" 2>/dev/null | sha256sum | cut -d' ' -f1)"
  fi
  printf '%s\n' "$want" >"$dir/node_modules/.pelab-stamp"
}
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm_install "$REPO_ROOT/tests/browser"
npm_install "$REPO_ROOT/web"
# mathjax-full + earcut: the build typesets the lessons' equations with them (cmake/PelabEquations.cmake).
npm_install "$REPO_ROOT/scripts/equations"
# google-closure-compiler: emcc minifies pelab.js with it when linking the web app (cmake/PelabWeb.cmake).
npm_install "$REPO_ROOT/scripts/closure"

log "done: deps in $DEPS_DIR (emscripten $EMVER, imgui $IMGUI_DEB_VERSION, SDL2 $SDL2_DEB_VERSION)"
