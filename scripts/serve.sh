#!/usr/bin/env bash
# PE Lab — scripts/serve.sh
# Quick start for the browser version: set-up, build the web preset (configure + build; the node tests
# are left to scripts/test.sh), then serve build/web/dist on http://localhost:${PORT:-8080}/ (loopback only).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"
export NODE_PATH=/usr/share/nodejs
: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"   # the dependency cache defaults to ~/.cache/pelab
export HOME
PORT="${PORT:-8080}"

bash scripts/setup.sh
cmake --preset web
cmake --build --preset web
[ -f build/web/dist/index.html ] || { echo "serve.sh: build/web/dist/index.html is missing" >&2; exit 1; }

echo
echo "================================================================"
echo "  PE Lab is served at:  http://localhost:${PORT}/"
echo "  (files: build/web/dist; press Ctrl+C to stop)"
echo "================================================================"
cd build/web/dist
exec /usr/bin/python3 -m http.server "$PORT" --bind 127.0.0.1
