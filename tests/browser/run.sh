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
# Two files at a time (each its own browser): most of a file's time is waiting on frames and page loads, so a
# second file fills the other core. The longest files go first, so that the two lanes end together.
exec node --test --test-concurrency=2 layout.test.mjs layout_plan.test.mjs figures.test.mjs steps.test.mjs predict.test.mjs language.test.mjs lecture.test.mjs widget.test.mjs hostile.test.mjs posmap.test.mjs playback.test.mjs lab_worker.test.mjs lab_page.test.mjs csp.test.mjs single_file.test.mjs
