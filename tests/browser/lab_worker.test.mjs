// PE Lab — tests/browser/lab_worker.test.mjs
// The lab's trainer in the page: web/lab_worker.js in a Web Worker started from index.html,
// with the lab module (pelab_lab.js + pelab_lab.wasm) beside it.
//   - a tiny run: progress messages in order up to done = total, then 'done' with the object `pelab-cli lab
//     train` prints (every key), seconds and ms per step; a second run queued behind it starts after it ends;
//   - the same run against the native CLI (build/native/pelab-cli, skipped with a message when it is not built):
//     the same config echo, loss points at the same steps, numbers close (not equal: see there);
//   - a bad key (d=7, an unknown key) answers 'error' with the one line naming the key, and the worker goes on;
//   - pause stops the progress, resume continues it, cancel ends the run; meanwhile the page's main thread keeps
//     producing animation frames;
//   - the weights file of a finished run; the whole thing again under the CSP docs/embedding-security.md gives;
//   - a weights file loaded ('load': scored as lab eval, saved back bit for bit, looked inside), wrong files and
//     bad keys answering errors that name the problem ('inspect'; the page side: lab_page.test.mjs).
// The run's speed (the default run, ms per step, the longest frame gap) is a benchmark, not a test:
// scripts/bench --lab-web (tests/browser/bench_lab.mjs). Run with `node --test lab_worker.test.mjs`.
//
// [SECTION] set-up and page helpers
// [SECTION] a run and its result
// [SECTION] against the native CLI
// [SECTION] bad input
// [SECTION] pause, resume, cancel, frames
// [SECTION] weights
// [SECTION] loaded weights and looks inside
// [SECTION] the CSP
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve, launch, openWidget, distDir, repoRoot } from './lib.mjs';

// [SECTION] set-up and page helpers
const TINY = 'd=16 heads=2 layers=1 train_steps=30 batch=8 test=4,8 seed=1';
const RESULT_KEYS = ['config', 'loss', 'exact', 'token', 'seconds'];  // lab train's, in its order
const nativeCli = process.env.PELAB_CLI || path.join(repoRoot, 'build/native/pelab-cli');

let server, browser, page;
before(async () => {
  for (const f of ['lab_worker.js', 'pelab_lab.js', 'pelab_lab.wasm'])
    assert.ok(fs.existsSync(path.join(distDir, f)), `${f} is in ${distDir} (cmake --workflow --preset web)`);
  server = await serve();
  browser = await launch();
  page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en');
  await startWorker(page);
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

// Starts the worker in the page as the lab will (new Worker('lab_worker.js'), same origin); every message it
// posts is kept in window.__lab.messages with the page time it arrived.
async function startWorker(p) {
  await p.evaluate(() => new Promise((resolve) => {
    const worker = new Worker('lab_worker.js');
    window.__lab = { worker, messages: [] };
    worker.onmessage = (e) => {
      window.__lab.messages.push({ ...e.data, at: performance.now() });
      if (e.data.type === 'ready') resolve();
    };
    worker.onerror = (e) => { window.__lab.messages.push({ type: 'worker-error', message: String(e.message) }); resolve(); };
  }));
  const failed = await p.evaluate(() => window.__lab.messages.filter((m) => m.type !== 'ready'));
  assert.deepEqual(failed, [], 'the worker loaded the module');
}

const send = (p, message) => p.evaluate((m) => window.__lab.worker.postMessage(m), message);
const messagesOf = (p, id) => p.evaluate((i) => window.__lab.messages.filter((m) => m.id === i), id);

// Waits until the run `id` has posted a message of one of `types`; returns that message.
async function waitFor(p, id, types, timeout = 30000) {
  const handle = await p.waitForFunction(([i, ts]) => window.__lab.messages.find((m) => m.id === i && ts.includes(m.type)),
    [id, types], { timeout, polling: 20 });
  return handle.jsonValue();
}

// [SECTION] a run and its result
let tinyResult = null;  // the 'done' message of the tiny run, for the native comparison

test('a tiny run posts its progress in order and ends with the result lab train prints; a second run queues behind it', async () => {
  await send(page, { cmd: 'train', id: 'tiny', params: TINY });
  await send(page, { cmd: 'train', id: 'next', params: TINY.replace('seed=1', 'seed=2') });
  const done = await waitFor(page, 'tiny', ['done', 'error']);
  assert.equal(done.type, 'done', JSON.stringify(done));
  const next = await waitFor(page, 'next', ['done', 'error']);
  assert.equal(next.type, 'done', JSON.stringify(next));
  tinyResult = done;

  const tiny = await messagesOf(page, 'tiny');
  assert.equal(tiny[0].type, 'queued');
  assert.equal(tiny[0].total, 30);
  const progress = tiny.filter((m) => m.type === 'progress');
  assert.ok(progress.length >= 1, 'at least the last progress');
  for (let i = 1; i < progress.length; ++i)
    assert.ok(progress[i].done > progress[i - 1].done, `progress in order: ${progress.map((m) => m.done)}`);
  for (const m of progress) {
    assert.equal(m.total, 30);
    assert.ok(Array.isArray(m.loss) && m.loss.every((pt) => pt.length === 2), 'progress carries the loss curve so far');
  }
  assert.equal(progress.at(-1).done, 30, 'the last progress is the end of the run');
  assert.ok(tiny.indexOf(progress.at(-1)) < tiny.findIndex((m) => m.type === 'done'), 'the last progress before done');

  const r = done.result;
  assert.deepEqual(Object.keys(r), RESULT_KEYS, 'the keys of lab train, in its order (no pi, no fine-tune)');
  assert.deepEqual(r.config, {
    task: 'copy', pe: 'alibi', d: 16, heads: 2, layers: 1, train_steps: 30, batch: 8, lr: 0.001, seed: 1, train_max: 16,
    test: [4, 8], max_positions: 128, pi: 1, finetune_steps: 0, finetune_max: 32,
  });
  assert.deepEqual(r.loss.map((pt) => pt[0]), [1, 30], 'loss points at step 1 and the last step');
  assert.ok(r.loss.every((pt) => Number.isFinite(pt[1]) && pt[1] > 0));
  assert.deepEqual(Object.keys(r.exact), ['4', '8']);
  assert.deepEqual(Object.keys(r.token), ['4', '8']);
  for (const v of [...Object.values(r.exact), ...Object.values(r.token)]) assert.ok(v >= 0 && v <= 1, String(v));
  assert.ok(r.seconds > 0 && done.seconds > 0 && done.ms_per_step > 0, JSON.stringify(done));
  assert.ok(done.seconds >= r.seconds * 0.999, 'the wall time holds the module time');
  assert.equal(progress.at(-1).loss.length, 2, 'the last progress holds the whole curve');

  // The queue: the second run started (its first progress) only after the first was done.
  const nextMessages = await messagesOf(page, 'next');
  const firstNextProgress = nextMessages.find((m) => m.type === 'progress');
  assert.ok(firstNextProgress.at >= done.at, 'runs train one after another');
  assert.notDeepEqual(next.result.loss, r.loss, 'another seed, another run');
});

// A run with pi and a fine-tune (rope) has the two parts more, as lab train prints them.
test('a rope run with pi and a fine-tune has the pi and finetune parts', async () => {
  await send(page, { cmd: 'train', id: 'pi', params: 'pe=rope d=16 heads=2 layers=1 train_steps=20 batch=4 test=4 pi=2 finetune_steps=5' });
  const done = await waitFor(page, 'pi', ['done', 'error']);
  assert.equal(done.type, 'done', JSON.stringify(done));
  assert.deepEqual(Object.keys(done.result), ['config', 'loss', 'exact', 'token', 'pi', 'finetune', 'seconds']);
  assert.deepEqual(Object.keys(done.result.finetune), ['loss', 'exact', 'token']);
  assert.deepEqual(done.result.finetune.loss.map((pt) => pt[0]), [1, 5]);
  const last = (await messagesOf(page, 'pi')).filter((m) => m.type === 'progress').at(-1);
  assert.equal(last.done, 25, 'the fine-tune steps count in the total');
  assert.equal(last.finetune.length, 2);
});

// [SECTION] against the native CLI
// Not bit-equal, and not expected to be: the wasm build computes exp, log and erf with Emscripten's libm, not
// glibc's, and Eigen's products run another kernel (no SSE packets in wasm), so sums round differently; over 30
// steps those last-bit differences stay tiny in the loss, and only a token whose two best logits were nearly tied
// could score differently. The steps of the loss points, the config echo and the keys are the same.
test('the same run natively: same config and loss steps, numbers close', async (t) => {
  if (!fs.existsSync(nativeCli)) {
    t.skip(`no native CLI at ${nativeCli} (cmake --workflow --preset native); the comparison is skipped`);
    return;
  }
  assert.ok(tinyResult, 'the tiny run ran');
  const run = spawnSync(nativeCli, ['lab', 'train', ...TINY.split(' ')], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const native = JSON.parse(run.stdout);
  const web = tinyResult.result;
  assert.deepEqual(Object.keys(web), Object.keys(native));
  assert.deepEqual(web.config, native.config);
  assert.deepEqual(web.loss.map((pt) => pt[0]), native.loss.map((pt) => pt[0]), 'loss points at the same steps');
  for (let i = 0; i < native.loss.length; ++i)
    assert.ok(Math.abs(web.loss[i][1] - native.loss[i][1]) <= 1e-3 * native.loss[i][1],
      `loss at step ${native.loss[i][0]}: web ${web.loss[i][1]}, native ${native.loss[i][1]}`);
  for (const part of ['exact', 'token'])
    for (const n of Object.keys(native[part]))
      assert.ok(Math.abs(web[part][n] - native[part][n]) <= 0.02, `${part} at n=${n}: web ${web[part][n]}, native ${native[part][n]}`);
});

// [SECTION] bad input
test('a bad key answers an error naming it, and the worker goes on', async () => {
  await send(page, { cmd: 'train', id: 'bad-d', params: 'd=7' });
  const bad = await waitFor(page, 'bad-d', ['error', 'queued']);
  assert.equal(bad.type, 'error');
  assert.match(bad.message, /^d: /, bad.message);
  await send(page, { cmd: 'train', id: 'bad-key', params: 'colour=red' });
  const unknown = await waitFor(page, 'bad-key', ['error', 'queued']);
  assert.equal(unknown.type, 'error');
  assert.match(unknown.message, /colour/, unknown.message);
  await send(page, { cmd: 'train', id: 'bad-word', params: 'd=16 heads' });
  assert.match((await waitFor(page, 'bad-word', ['error', 'queued'])).message, /heads/);
  await send(page, { cmd: 'pause', id: 'nobody' });
  assert.match((await waitFor(page, 'nobody', ['error'])).message, /no queued run/);
  await send(page, { cmd: 'train', id: 'after-bad', params: 'd=16 heads=2 layers=1 train_steps=2 batch=2 test=2' });
  assert.equal((await waitFor(page, 'after-bad', ['done', 'error'])).type, 'done', 'the worker still trains');
});

// [SECTION] pause, resume, cancel, frames
test('pause stops the progress, resume continues it, cancel ends the run; the page keeps drawing frames', async () => {
  // Long enough not to end within the test (thousands of small steps), cancelled at the end.
  await send(page, { cmd: 'train', id: 'long', params: 'd=16 heads=2 layers=1 train_steps=20000 batch=8 test=4' });
  await waitFor(page, 'long', ['progress']);

  // The page's main thread while the worker trains: an animation-frame loop for 1.5 s. (Idle, the widget draws
  // no frames of its own; this loop asks for them.) Loose bounds: this is a loaded 2-core machine with software
  // GL; the 50 ms target is measured by the benchmark, not asserted here.
  const frames = await page.evaluate(() => new Promise((resolve) => {
    const times = [];
    const t0 = performance.now();
    const tick = (t) => { times.push(t); if (t - t0 < 1500) requestAnimationFrame(tick); else resolve(times); };
    requestAnimationFrame(tick);
  }));
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  assert.ok(frames.length >= 10, `animation frames while training: ${frames.length} in 1.5 s`);
  assert.ok(Math.max(...gaps) < 1000, `no frame gap of a second: longest ${Math.max(...gaps).toFixed(0)} ms`);

  await send(page, { cmd: 'pause', id: 'long' });
  await waitFor(page, 'long', ['paused']);
  const countProgress = async () => (await messagesOf(page, 'long')).filter((m) => m.type === 'progress');
  const atPause = await countProgress();
  await new Promise((r) => setTimeout(r, 700));
  const stillPaused = await countProgress();
  assert.equal(stillPaused.length, atPause.length, 'no progress while paused');

  await send(page, { cmd: 'resume', id: 'long' });
  await page.waitForFunction((n) => window.__lab.messages.filter((m) => m.id === 'long' && m.type === 'progress').length > n,
    atPause.length, { timeout: 10000, polling: 20 });
  const resumed = await countProgress();
  assert.ok(resumed.at(-1).done > atPause.at(-1).done, `resume continues: ${atPause.at(-1).done} → ${resumed.at(-1).done}`);

  await send(page, { cmd: 'cancel', id: 'long' });
  await waitFor(page, 'long', ['cancelled']);
  const atCancel = (await countProgress()).length;
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await countProgress()).length, atCancel, 'nothing after cancel');
  assert.ok(!(await messagesOf(page, 'long')).some((m) => m.type === 'done'));
});

// [SECTION] weights
test('the weights file of a finished run', async () => {
  await send(page, { cmd: 'weights', id: 'tiny' });
  const w = await waitFor(page, 'tiny', ['weights']);
  const file = JSON.parse(w.text);
  assert.equal(file.format, 'pelab-lab-weights/1');
  assert.deepEqual(file.config.d, 16);
  assert.deepEqual(file.tensors['emb.weight'].shape, [12, 16]);
  assert.ok('blocks.0.qkv.weight' in file.tensors && 'out.bias' in file.tensors);
  await send(page, { cmd: 'free', id: 'tiny' });
  await send(page, { cmd: 'weights', id: 'tiny' });
  const gone = await page.waitForFunction(() => window.__lab.messages.find((m) => m.id === 'tiny' && m.type === 'error'),
    null, { timeout: 10000, polling: 20 });
  assert.match((await gone.jsonValue()).message, /no run/);
});

// [SECTION] loaded weights and looks inside
// The text of a weights file from a short native run (null without the CLI).
function nativeWeightsText(words) {
  if (!fs.existsSync(nativeCli)) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pelab-lab-worker-'));
  try {
    const file = path.join(dir, 'w.json');
    const r = spawnSync(nativeCli, ['lab', 'train', ...words.split(' '), '--save', file], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a weights file loads, is scored as lab eval scores it, saves back the same tensors and can be looked inside", async (t) => {
  const text = nativeWeightsText('task=reverse pe=t5 d=16 heads=2 layers=2 train_steps=20 batch=8 test=4 seed=4');
  if (!text) { t.skip(`${nativeCli} is not built (cmake --workflow --preset native)`); return; }
  await send(page, { cmd: 'load', id: 'file', text, task: 'reverse', name: 'mine.json' });
  const loaded = await waitFor(page, 'file', ['loaded', 'error']);
  assert.equal(loaded.type, 'loaded', JSON.stringify(loaded).slice(0, 300));
  assert.equal(loaded.name, 'mine.json');
  assert.deepEqual(Object.keys(loaded.result), ['config', 'exact', 'token', 'seconds'], 'the keys of lab eval');
  assert.deepEqual(loaded.result.config, { pe: 't5', d: 16, heads: 2, layers: 2, max_positions: 128, task: 'reverse',
                                           test: [4, 8, 12, 16, 20, 24, 28, 32, 40, 48], pi: 1 });
  for (const v of Object.values(loaded.result.exact)) assert.ok(v >= 0 && v <= 1);

  await send(page, { cmd: 'weights', id: 'file' });
  const saved = await waitFor(page, 'file', ['weights']);
  assert.equal(saved.name, 'pelab-lab-t5-reverse-loaded.json');
  assert.deepEqual(JSON.parse(saved.text).tensors, JSON.parse(text).tensors, 'the tensors read and written back bit for bit');

  const key = 'run=file task=reverse n=5 sample=2';
  await send(page, { cmd: 'inspect', key });
  const look = await page.waitForFunction((k) => window.__lab.messages.find((m) => m.type === 'attention' && m.key === k),
    key, { timeout: 10000, polling: 20 });
  const i = (await look.jsonValue()).inspection;
  assert.equal(i.task, 'reverse');
  assert.equal(i.T, 10);
  assert.equal(i.attention.length, 4, 'layers·heads matrices');
  for (const m of i.attention) {
    assert.equal(m.length, 100);
    for (let q = 0; q < 10; ++q) {
      const row = m.slice(10 * q, 10 * q + 10);
      assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-4, 'each query row sums to 1');
      assert.ok(row.slice(q + 1).every((x) => x === 0), 'causal: 0 above the diagonal');
    }
  }
  await send(page, { cmd: 'free', id: 'file' });
});

test('a wrong weights file answers an error naming what is wrong, with the file name', async (t) => {
  const text = nativeWeightsText('task=copy pe=alibi d=16 heads=2 layers=1 train_steps=2 batch=2 test=4 seed=1');
  if (!text) { t.skip(`${nativeCli} is not built (cmake --workflow --preset native)`); return; }
  const w = JSON.parse(text);
  const variants = {
    tag: [JSON.stringify({ ...w, format: 'something/2' }), /^x\.json: .*format/],
    shape: [JSON.stringify({ ...w, tensors: { ...w.tensors, 'out.bias': { shape: [13], data: [...w.tensors['out.bias'].data, 0] } } }), /out\.bias/],
    missing: [JSON.stringify({ ...w, tensors: Object.fromEntries(Object.entries(w.tensors).filter(([k]) => k !== 'ln.weight')) }), /ln\.weight/],
    json: ['{"format": ', /line 1/],
    empty: ['', /x\.json: /],
  };
  for (const [name, [body, why]] of Object.entries(variants)) {
    await send(page, { cmd: 'load', id: 'bad-' + name, text: body, task: 'copy', name: 'x.json' });
    const answer = await waitFor(page, 'bad-' + name, ['loaded', 'error']);
    assert.equal(answer.type, 'error', name);
    assert.match(answer.message, why, `${name}: ${answer.message}`);
  }
  await send(page, { cmd: 'load', id: 'bad-task', text, task: 'sort', name: 'x.json' });
  assert.match((await waitFor(page, 'bad-task', ['loaded', 'error'])).message, /task: "sort" is not copy or reverse/);
});

test('a look inside names its problem: an unknown run, a shipped model that is not there, a bad sample', async () => {
  const keys = {
    'run=nobody task=copy n=4 sample=0': /no run with id "nobody"/,
    'shipped=nope task=copy n=4 sample=0': /lab_shipped_nope_copy\.weights: HTTP 404/,
    'shipped=../x task=copy n=4 sample=0': /no shipped model/,
    'run=next task=copy n=0 sample=0': /n: 0 is out of range/,
    'run=next task=copy n=4 sample=x': /whole numbers/,
    '': /names no model/,
  };
  for (const key of Object.keys(keys)) await send(page, { cmd: 'inspect', key });
  for (const [key, why] of Object.entries(keys)) {
    const handle = await page.waitForFunction((k) => window.__lab.messages.find((m) => m.type === 'attention' && m.key === k),
      key, { timeout: 10000, polling: 20 });
    const answer = await handle.jsonValue();
    assert.match(answer.error || '', why, `${key}: ${JSON.stringify(answer).slice(0, 200)}`);
  }
});

// [SECTION] the CSP
test('the worker trains under the documented CSP', async () => {
  const doc = fs.readFileSync(path.join(repoRoot, 'docs/embedding-security.md'), 'utf8');
  const csp = doc.match(/^Content-Security-Policy: (.+)$/m)[1].trim();
  const strict = await serve(distDir, { 'Content-Security-Policy': csp });
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  try {
    await context.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    const p = await context.newPage();
    const errors = [];
    p.on('pageerror', (e) => errors.push(String(e)));
    await p.goto(strict.url + 'index.html');
    await startWorker(p);
    await send(p, { cmd: 'train', id: 'csp', params: 'd=16 heads=2 layers=1 train_steps=3 batch=2 test=2' });
    assert.equal((await waitFor(p, 'csp', ['done', 'error'])).type, 'done');
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await strict.close();
  }
});
