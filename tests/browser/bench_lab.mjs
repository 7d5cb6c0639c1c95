// PE Lab — tests/browser/bench_lab.mjs
// Prints the figure for the lab in the browser (no assertions: figures, not a timed test):
//   - the default run (pelab-cli lab train's defaults: task=copy pe=alibi d=48 heads=4 layers=2 train_steps=1500
//     batch=32 …) trained by web/lab_worker.js in a Web Worker of index.html, in headless Chromium: the total
//     seconds from the 'train' message to 'done' as the page sees them, the worker's ms per training step, and
//     the module's own seconds (its steps and the evaluation);
//   - the page's main thread meanwhile: the gaps between its animation frames (requestAnimationFrame timestamps;
//     target: the longest ≤ 50 ms). The idle widget draws no frames, so the benchmark's page script drives a rAF
//     loop of its own for the length of the run: what a page animating a progress bar would get;
//   - the download of the lab: gzip -9 of pelab_lab.js + pelab_lab.wasm + lab_worker.js (target ≤ 500,000 bytes),
//     fetched only when the lab opens, so not part of a lesson's first load (scripts/check_download_size.py).
// Usage: node tests/browser/bench_lab.mjs [--json FILE] [key=value …]   (keys: a run other than the default one)
// scripts/bench --lab-web runs it.
//
// [SECTION] arguments and the download
// [SECTION] the run
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { serve, launch, openWidget, distDir, reportFigures } from './lib.mjs';

// [SECTION] arguments and the download
const LAB_FILES = ['pelab_lab.js', 'pelab_lab.wasm', 'lab_worker.js'];
const TARGET_LAB_BYTES = 500000;
const TARGET_SECONDS = 90;
const TARGET_GAP_MS = 50;
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : null;
const words = args.filter((a, i) => a.includes('=') && !(jsonAt >= 0 && i === jsonAt + 1)).join(' ');

// gzip -9 as the command line tool computes it (the figure scripts/check_download_size.py and bench.mjs use).
function gzipBytes(file) {
  const r = spawnSync('gzip', ['-9c', file], { maxBuffer: 1 << 28 });
  return r.status === 0 ? r.stdout.length : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

const figures = { lab_files: {} };
console.log('PE Lab: the lab in the browser');
let labBytes = 0;
for (const name of LAB_FILES) {
  const file = path.join(distDir, name);
  if (!fs.existsSync(file)) {
    console.error(`bench_lab: ${file} is missing; run: cmake --workflow --preset web`);
    process.exit(1);
  }
  const gz = gzipBytes(file);
  labBytes += gz;
  figures.lab_files[name] = { raw: fs.statSync(file).size, gzip: gz };
  console.log(`  ${name.padEnd(15)} ${String(fs.statSync(file).size).padStart(9)} B raw ${String(gz).padStart(9)} B gzip`);
}
figures.lab_gzip_bytes = labBytes;
console.log(`lab module download (gzip -9, its 3 files)  ${labBytes} B   (target <= ${TARGET_LAB_BYTES} B)`);

// [SECTION] the run
const server = await serve();
const browser = await launch();
try {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en');
  console.log(`run: ${words || '(the defaults of pelab-cli lab train)'}`);
  const r = await page.evaluate((params) => new Promise((resolve, reject) => {
    const worker = new Worker('lab_worker.js');
    const frames = [];
    let recording = true;
    const tick = (t) => { frames.push(t); if (recording) requestAnimationFrame(tick); };
    let t0 = 0;
    let progress = 0;
    worker.onerror = (e) => reject(new Error(String(e.message)));
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') {
        t0 = performance.now();
        requestAnimationFrame(tick);
        worker.postMessage({ cmd: 'train', id: 'bench', params });
      } else if (m.type === 'progress') {
        ++progress;
      } else if (m.type === 'done') {
        const t1 = performance.now();
        recording = false;
        worker.terminate();
        const gaps = frames.slice(1).map((t, i) => t - frames[i]);
        resolve({ seconds: (t1 - t0) / 1000, workerSeconds: m.seconds, msPerStep: m.ms_per_step,
                  moduleSeconds: m.result.seconds, steps: m.result.config.train_steps + m.result.config.finetune_steps,
                  progress, frames: frames.length, gaps, result: m.result });
      } else if (m.type === 'error') {
        reject(new Error(m.message));
      }
    };
  }), words);
  const sorted = [...r.gaps].sort((a, b) => a - b);
  const pct = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const longest = sorted[sorted.length - 1];
  const over = r.gaps.filter((g) => g > TARGET_GAP_MS).length;
  Object.assign(figures, {
    seconds: +r.seconds.toFixed(2), worker_seconds: +r.workerSeconds.toFixed(2), module_seconds: +r.moduleSeconds.toFixed(2),
    ms_per_step: +r.msPerStep.toFixed(2), steps: r.steps, frames: r.frames, longest_frame_gap_ms: +longest.toFixed(1),
    median_frame_gap_ms: +pct(0.5).toFixed(1), p99_frame_gap_ms: +pct(0.99).toFixed(1), frame_gaps_over_50_ms: over,
  });
  console.log(`default run, page 'train' -> 'done'  ${r.seconds.toFixed(1)} s   (target <= ${TARGET_SECONDS} s; ` +
              `worker ${r.workerSeconds.toFixed(1)} s, module ${r.moduleSeconds.toFixed(1)} s with the evaluation)`);
  console.log(`ms per training step            ${r.msPerStep.toFixed(1)} ms   (${r.steps} steps)`);
  console.log(`page frames during the run      ${r.frames}: gaps median ${pct(0.5).toFixed(1)} ms, 99th percentile ` +
              `${pct(0.99).toFixed(1)} ms, longest ${longest.toFixed(1)} ms (target <= ${TARGET_GAP_MS} ms; ${over} gaps over it)`);
  console.log(`scores: exact ${JSON.stringify(r.result.exact)}`);
  figures.result = r.result;
} finally {
  await browser.close();
  await server.close();
}
reportFigures(figures, jsonFile);
