// PE Lab — tests/browser/bench_lab_eval.mjs
// Prints the figures of an evaluation in the browser (no assertions: figures, not a timed test), what the step
// remedies-at-test-time's "Evaluate my model" asks the lab's worker for, once per scaling:
//   - one model scored at lab eval's ten test lengths (4 … 48) with one scaling, 256 samples per length, by
//     web/lab_worker.js in a Web Worker of index.html, in headless Chromium: the seconds from the 'eval' message to
//     'evaluated' as the page sees them, and the module's own seconds (its slices). The model is the shipped RoPE
//     model (lab_shipped_rope_copy.weights: the default run's size, d = 48, 4 heads, 2 layers), fetched by the
//     worker in a first, short evaluation that is not timed (target: under 5 s);
//   - the time a cancel takes to be answered: an evaluation started, a cancel posted at a spread of moments into
//     its scoring, and the time from the cancel to the 'cancelled' event the page receives (the worker answers
//     between two slices; target: under 100 ms).
// Usage: node tests/browser/bench_lab_eval.mjs [--json FILE] [--scaling ntk] [--factor 2] [--cancels 8]
// scripts/bench --lab-eval runs it (and scripts/bench's labweb part).
//
// [SECTION] arguments
// [SECTION] the evaluation and the cancels
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openWidget, distDir, reportFigures } from './lib.mjs';

// [SECTION] arguments
const TARGET_SECONDS = 5;
const TARGET_CANCEL_MS = 100;
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const jsonFile = option('--json', null);
const scaling = option('--scaling', 'ntk');
const factor = option('--factor', '2');
const cancels = Math.max(1, Number(option('--cancels', '8')) | 0);
const params = `task=copy scaling=${scaling}${scaling === 'none' ? '' : ' factor=' + factor} train_max=16`;
for (const name of ['pelab_lab.js', 'pelab_lab.wasm', 'lab_worker.js', 'lab_shipped_rope_copy.weights']) {
  if (!fs.existsSync(path.join(distDir, name))) {
    console.error(`bench_lab_eval: ${path.join(distDir, name)} is missing; run: cmake --workflow --preset web`);
    process.exit(1);
  }
}

// [SECTION] the evaluation and the cancels
const figures = {};
console.log('PE Lab: an evaluation in the browser (the lab\'s worker, the shipped RoPE model)');
const server = await serve();
const browser = await launch();
try {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en');
  page.on('crash', () => console.error('bench_lab_eval: the page crashed'));
  const r = await page.evaluate(([words, count]) => new Promise((resolve, reject) => {
    const worker = new Worker('lab_worker.js');
    const waiting = [];  // {id, types, resolve}: answers awaited
    worker.onerror = (e) => reject(new Error(String(e.message)));
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') return start();
      // A cancel that came after its evaluation's result is refused ("no queued run"): the result answered it.
      if (m.type === 'error' && !/^cancel/.test(String(m.id))) return reject(new Error(`${m.id}: ${m.message}`));
      const at = waiting.findIndex((w) => w.id === m.id && w.types.includes(m.type));
      if (at >= 0) waiting.splice(at, 1)[0].resolve({ at: performance.now(), message: m });
    };
    const answer = (id, ...types) => new Promise((res) => waiting.push({ id, types, resolve: res }));
    const post = (message) => { worker.postMessage(message); return performance.now(); };
    const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
    async function start() {
      try {
        // The shipped model's fetch, before anything is timed.
        let got = answer('warm', 'evaluated');
        post({ cmd: 'eval', id: 'warm', model: 'shipped=rope', params: words + ' test=4' });
        await got;
        got = answer('timed', 'evaluated');
        const t0 = post({ cmd: 'eval', id: 'timed', model: 'shipped=rope', params: words });
        const done = await got;
        const seconds = (done.at - t0) / 1000;
        // Cancels at moments spread over the scoring (which it would take `seconds` to finish), each on a new
        // evaluation of its own.
        const latencies = [];
        for (let i = 0; i < count; ++i) {
          const id = 'cancel' + i;
          const queued = answer(id, 'queued');
          const answered = answer(id, 'cancelled', 'evaluated');
          post({ cmd: 'eval', id, model: 'shipped=rope', params: words });
          await queued;
          await sleep(((i + 0.5) / count) * seconds * 1000 * 0.8);
          const tc = post({ cmd: 'cancel', id });
          const a = await answered;
          latencies.push({ ms: a.at - tc, type: a.message.type });
        }
        worker.terminate();
        resolve({ seconds, moduleSeconds: done.message.result.seconds, exact: done.message.result.exact,
                  lengths: Object.keys(done.message.result.exact).length, latencies });
      } catch (error) { reject(error); }
    }
  }), [params, cancels]);
  const answered = r.latencies.filter((l) => l.type === 'cancelled').map((l) => l.ms).sort((a, b) => a - b);
  const median = answered.length ? answered[Math.floor(answered.length / 2)] : NaN;
  const longest = answered.length ? answered[answered.length - 1] : NaN;
  Object.assign(figures, {
    params, lengths: r.lengths, eval_seconds: +r.seconds.toFixed(3), eval_module_seconds: +r.moduleSeconds.toFixed(3),
    cancel_ms_median: +median.toFixed(1), cancel_ms_longest: +longest.toFixed(1), cancels: r.latencies.length,
    cancels_answered_by_the_result: r.latencies.length - answered.length, exact: r.exact,
  });
  console.log(`evaluation: ${params}, ${r.lengths} lengths x 256 samples`);
  console.log(`page 'eval' -> 'evaluated'          ${r.seconds.toFixed(2)} s   (target < ${TARGET_SECONDS} s; module ${r.moduleSeconds.toFixed(2)} s)`);
  console.log(`'cancel' -> 'cancelled'             median ${median.toFixed(1)} ms, longest ${longest.toFixed(1)} ms of ` +
              `${answered.length} cancels (target < ${TARGET_CANCEL_MS} ms)` +
              (answered.length < r.latencies.length ? `; ${r.latencies.length - answered.length} came after the result` : ''));
  console.log(`scores: exact ${JSON.stringify(r.exact)}`);
} finally {
  await browser.close();
  await server.close();
}
reportFigures(figures, jsonFile);
