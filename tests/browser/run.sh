#!/usr/bin/env bash
# PE Lab — tests/browser/run.sh: browser tests (headless Debian Chromium + playwright-core) against
# build/web/dist. Needs `cmake --workflow --preset web` and scripts/setup.sh (npm packages) first.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f ../../build/web/dist/index.html ]; then
  echo "tests/browser: build/web/dist is missing; run: cmake --workflow --preset web" >&2
  exit 1
fi
[ -d node_modules/playwright-core ] && [ -d node_modules/pngjs ] || npm ci --no-audit --no-fund
exec node --test --test-concurrency=1 widget.test.mjs steps.test.mjs lecture.test.mjs single_file.test.mjs csp.test.mjs posmap.test.mjs hostile.test.mjs layout.test.mjs playback.test.mjs figures.test.mjs
