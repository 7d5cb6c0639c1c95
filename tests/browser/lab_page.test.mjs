// PE Lab — tests/browser/lab_page.test.mjs
// The length-generalisation lab's page side: the app's lab board (lessons/length_lab/lab_board.h) asks
// the page for work, web/widget.js's lab client hands it to the lab's worker, a fetch, a download or a file picker,
// and every answer goes back into the board (web.cpp: pelab_lab_receive, pelab_lab_data). Driven through
// pelab.lab.ask (what the lab's buttons ask) and watched through pelab.lab.onMessage (each answer handed to the
// app, and whether the board understood it):
//   - the reference runs load into the board; the trainer reports itself available;
//   - a short run reaches the board as progress and done; pause, resume and cancel reach it too;
//   - a weights file written by the native CLI (build/native/pelab-cli, skipped with a message when missing)
//     loads through the file picker and is scored; a wrong file answers an error naming the tensor;
//   - a run's weights are offered as a download named for the run;
//   - looks inside a run's model and a shipped model (lab_shipped_alibi_copy.weights from dist, or a stand-in
//     packed here from a short native run) give layers·heads matrices of T×T; a bad key gives an error;
//   - on the step remedies-at-test-time, "Evaluate my model" is disabled until a RoPE run has finished; pressed, it
//     has the worker evaluate that run under the five scalings (answers 'evaluated', drawn as the learner's
//     curves); "Cancel evaluation" stops the ones still waiting (answers 'cancelled', and nothing after), and
//     the widget settles and draws nothing while idle;
//   - after training ends the widget draws no frames for 1 s;
//   - the lesson, when it is in this build, asks for the reference runs and starts the worker when opened;
//   - the offline single file (build/web/pelab.html from file://) shows the reference runs from its data block
//     and answers every run with the reason training needs the served page.
// Run with `node --test lab_page.test.mjs`.
//
// [SECTION] set-up: a served copy of dist with a shipped model
// [SECTION] the reference runs and the trainer
// [SECTION] a run, its controls and its weights
// [SECTION] a weights file from the learner
// [SECTION] looks inside models
// [SECTION] the learner's model evaluated under RoPE's scalings
// [SECTION] idle after training, the lesson, the single file
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve, launch, openWidget, settle, distDir, repoRoot } from './lib.mjs';

// [SECTION] set-up: a served copy of dist with a shipped model
const TINY = 'task=copy pe=alibi d=16 heads=2 layers=1 train_steps=30 batch=8 test=4,8 seed=1';
const LONG = 'task=copy pe=alibi d=16 heads=2 layers=1 train_steps=20000 batch=8 test=4 seed=3';
const nativeCli = process.env.PELAB_CLI || path.join(repoRoot, 'build/native/pelab-cli');
const haveCli = fs.existsSync(nativeCli);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pelab-lab-page-'));

// A weights file from a short native run (null without the CLI).
function nativeWeights(name, words) {
  if (!haveCli) return null;
  const file = path.join(tmp, name);
  const r = spawnSync(nativeCli, ['lab', 'train', ...words.split(' '), '--save', file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return file;
}

// core's packed format (core/lab/lab_weights.h: pelab-lab-weights-packed/1) from a weights file: the header line, then
// the numbers in layout order (the file's tensors, in its order, row-major) as float32 byte planes. Test-only: the
// lab's real shipped models are made by the native CLI.
function pack(weightsFile) {
  const w = JSON.parse(fs.readFileSync(weightsFile, 'utf8'));
  const numbers = Object.values(w.tensors).flatMap((t) => t.data);
  const floats = new Uint8Array(new Float32Array(numbers).buffer);
  const n = numbers.length;
  const planes = Buffer.alloc(4 * n);
  for (let i = 0; i < n; ++i) for (let b = 0; b < 4; ++b) planes[b * n + i] = floats[4 * i + b];
  const header = JSON.stringify({ format: 'pelab-lab-weights-packed/1', config: w.config, count: n }) + '\n';
  return Buffer.concat([Buffer.from(header), planes]);
}

// The served folder: dist's files, linked, and a stand-in shipped model when dist has none (never in dist).
const shippedInDist = fs.existsSync(path.join(distDir, 'lab_shipped_alibi_copy.weights'));
const served = path.join(tmp, 'dist');
fs.mkdirSync(served);
for (const f of fs.readdirSync(distDir)) fs.symlinkSync(path.join(distDir, f), path.join(served, f));
const standIn = !shippedInDist && nativeWeights('standin.json', 'task=copy pe=alibi d=16 heads=2 layers=1 train_steps=20 batch=8 test=4 seed=5');
if (standIn) fs.writeFileSync(path.join(served, 'lab_shipped_alibi_copy.weights'), pack(standIn));
const haveShipped = shippedInDist || !!standIn;

let server, browser, page;
before(async () => {
  for (const f of ['lab_worker.js', 'pelab_lab.js', 'pelab_lab.wasm', 'lab_reference_runs.json'])
    assert.ok(fs.existsSync(path.join(distDir, f)), `${f} is in ${distDir} (cmake --workflow --preset web)`);
  server = await serve(served);
  browser = await launch();
  page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en');
  await watch(page);
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// Keeps every answer the lab client hands to the app in window.__lab: {name, message (parsed for
// pelab_lab_receive), ok, at}.
async function watch(p) {
  await p.evaluate(() => {
    window.__lab = [];
    window.pelab.lab.onMessage = (name, text, ok) => {
      let message = text;
      try { if (name === 'pelab_lab_receive') message = JSON.parse(text); } catch (e) { /* kept as text */ }
      window.__lab.push({ name, message, ok, at: performance.now() });
    };
  });
}
const ask = (p, kind, id, words) => p.evaluate(([k, i, w]) => window.pelab.lab.ask(k, i, w), [kind, id, words]);
const answers = (p) => p.evaluate(() => window.__lab);

// Waits for an answer handed to the board that `match` (a function source of (entry) => bool) accepts.
async function waitAnswer(p, match, timeout = 30000) {
  const handle = await p.waitForFunction((m) => window.__lab.find(new Function('return ' + m)()), String(match),
    { timeout, polling: 20 });
  return handle.jsonValue();
}
const byType = (id, ...types) => `(e) => e.name === 'pelab_lab_receive' && e.message.id === ${JSON.stringify(id)} && ${JSON.stringify(types)}.includes(e.message.type)`;

// [SECTION] the reference runs and the trainer
test('the reference runs load into the board, and the trainer says it is available', async () => {
  const id = await ask(page, 'load_data', 0, '');
  assert.equal(id, 0);
  const data = await waitAnswer(page, "(e) => e.name === 'pelab_lab_data' || e.name === 'pelab_lab_data_failed'");
  assert.equal(data.name, 'pelab_lab_data', JSON.stringify(data).slice(0, 300));
  assert.equal(data.ok, 1, 'the board read the reference runs');
  const trainer = await waitAnswer(page, "(e) => e.message && e.message.type === 'trainer'");
  assert.deepEqual(trainer.message, { type: 'trainer', available: true });
  assert.equal(trainer.ok, 1);
});

// [SECTION] a run, its controls and its weights
let tinyId = 0;
test('a short run reaches the board as progress, then done', async () => {
  tinyId = await ask(page, 'train', 0, TINY);
  assert.ok(tinyId > 0, 'the board gave the run an id');
  const done = await waitAnswer(page, byType(tinyId, 'done', 'error'));
  assert.equal(done.message.type, 'done', JSON.stringify(done.message));
  const mine = (await answers(page)).filter((e) => e.message && e.message.id === tinyId);
  assert.equal(mine[0].message.type, 'queued');
  assert.ok(mine.some((e) => e.message.type === 'progress'), 'progress reached the board');
  assert.ok(mine.every((e) => e.ok === 1), 'the board understood every message: ' + JSON.stringify(mine.filter((e) => !e.ok)));
  assert.deepEqual(Object.keys(done.message.result.exact), ['4', '8']);
});

test("a run's weights are offered as a download named for the run", async () => {
  const downloading = page.waitForEvent('download', { timeout: 15000 });
  await ask(page, 'save_weights', tinyId, '');
  const download = await downloading;
  assert.equal(download.suggestedFilename(), 'pelab-lab-alibi-copy-seed1.json');
  const file = path.join(tmp, 'saved.json');
  await download.saveAs(file);
  const w = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(w.format, 'pelab-lab-weights/1');
  assert.equal(w.config.d, 16);
});

let longId = 0;
test('pause holds a run, resume continues it, cancel ends it; the board hears each', async () => {
  longId = await ask(page, 'train', 0, LONG);
  await waitAnswer(page, byType(longId, 'progress'));
  await ask(page, 'pause', longId, '');
  const paused = await waitAnswer(page, byType(longId, 'paused'));
  assert.equal(paused.ok, 1);
  await page.waitForTimeout(150);  // a slice under way when the pause came ends first
  const count = async () => (await answers(page)).filter((e) => e.message && e.message.id === longId && e.message.type === 'progress').length;
  const before = await count();
  await page.waitForTimeout(700);
  assert.equal(await count(), before, 'no progress while paused');
  await ask(page, 'resume', 0, '');  // id 0: every run
  assert.equal((await waitAnswer(page, byType(longId, 'resumed'))).ok, 1);
  await page.waitForFunction(([id, n]) => window.__lab.filter((e) => e.message && e.message.id === id && e.message.type === 'progress').length > n,
    [longId, before], { timeout: 10000 });

  // A look inside the run while it trains is answered between two slices, not after the run.
  const key = `run=${longId} task=copy n=6 sample=1`;
  const t0 = await page.evaluate(() => performance.now());
  await ask(page, 'inspect', 0, key);
  const look = await waitAnswer(page, `(e) => e.message && e.message.type === 'attention' && e.message.key === ${JSON.stringify(key)}`, 10000);
  assert.ok(look.message.inspection, JSON.stringify(look.message).slice(0, 300));
  assert.ok(look.at - t0 < 3000, `answered during training (${Math.round(look.at - t0)} ms)`);

  await ask(page, 'cancel', longId, '');
  assert.equal((await waitAnswer(page, byType(longId, 'cancelled'))).ok, 1);
});

// [SECTION] a weights file from the learner
test('a weights file written by the native CLI loads through the file picker and is scored; a wrong one is refused', async (t) => {
  if (!haveCli) { t.skip(`${nativeCli} is not built (cmake --workflow --preset native)`); return; }
  const good = nativeWeights('good.json', 'task=copy pe=rope d=16 heads=2 layers=1 train_steps=20 batch=8 test=4 seed=2');
  const choose = async (file) => {
    const chooser = page.waitForEvent('filechooser', { timeout: 10000 });
    const id = await ask(page, 'load_weights', 0, 'task=copy');
    await (await chooser).setFiles(file);
    return id;
  };
  const id = await choose(good);
  const loaded = await waitAnswer(page, byType(id, 'loaded', 'error'));
  assert.equal(loaded.message.type, 'loaded', JSON.stringify(loaded.message).slice(0, 300));
  assert.equal(loaded.ok, 1, 'the board took the loaded run');
  assert.equal(loaded.message.name, 'good.json');
  assert.equal(loaded.message.result.config.pe, 'rope');
  assert.equal(loaded.message.result.config.task, 'copy');
  assert.deepEqual(Object.keys(loaded.message.result.exact), ['4', '8', '12', '16', '20', '24', '28', '32', '40', '48']);

  // The loaded model can be looked inside as run=<id>.
  const key = `run=${id} task=copy n=4 sample=0`;
  await ask(page, 'inspect', 0, key);
  const look = await waitAnswer(page, `(e) => e.message && e.message.type === 'attention' && e.message.key === ${JSON.stringify(key)}`);
  assert.equal(look.message.inspection.T, 8, JSON.stringify(look.message).slice(0, 200));

  const w = JSON.parse(fs.readFileSync(good, 'utf8'));
  w.tensors['blocks.0.qkv.weight'].shape = [16, 48];
  const bad = path.join(tmp, 'bad.json');
  fs.writeFileSync(bad, JSON.stringify(w));
  const badId = await choose(bad);
  const refused = await waitAnswer(page, byType(badId, 'loaded', 'error'));
  assert.equal(refused.message.type, 'error');
  assert.match(refused.message.message, /^bad\.json: .*blocks\.0\.qkv\.weight/, refused.message.message);
  assert.equal(refused.ok, 1, 'the board took the failed load');
});

// [SECTION] looks inside models
test("a look inside a finished run: layers·heads attention matrices of T×T; a bad key is an error", async () => {
  const key = `run=${tinyId} task=copy n=8 sample=3`;
  await ask(page, 'inspect', 0, key);
  const look = await waitAnswer(page, `(e) => e.message && e.message.type === 'attention' && e.message.key === ${JSON.stringify(key)}`);
  assert.equal(look.ok, 1, 'the board read the inspection');
  const i = look.message.inspection;
  assert.equal(i.T, 16);
  assert.equal(i.layers * i.heads, 2);
  assert.equal(i.attention.length, 2);
  for (const m of i.attention) assert.equal(m.length, 16 * 16);
  assert.equal(i.expected.length, 8);
  assert.equal(i.predicted.length, 8);

  for (const [bad, why] of [[`run=999 task=copy n=8 sample=0`, /no run/], [`run=${tinyId} task=copy n=8 sample=256`, /sample/],
    [`run=${tinyId} task=sort n=8 sample=0`, /task/], [`nothing=1`, /names no model/]]) {
    await ask(page, 'inspect', 0, bad);
    const answer = await waitAnswer(page, `(e) => e.message && e.message.type === 'attention' && e.message.key === ${JSON.stringify(bad)}`);
    assert.match(answer.message.error || '', why, JSON.stringify(answer.message).slice(0, 200));
    assert.equal(answer.ok, 1);
  }
});

test('a look inside the shipped model (lab_shipped_alibi_copy.weights, fetched once by the worker)', async (t) => {
  if (!haveShipped) { t.skip('no shipped model in dist and no native CLI to make a stand-in'); return; }
  const key = 'shipped=alibi task=copy n=24 sample=0';
  await ask(page, 'inspect', 0, key);
  const look = await waitAnswer(page, `(e) => e.message && e.message.type === 'attention' && e.message.key === ${JSON.stringify(key)}`);
  const i = look.message.inspection;
  assert.ok(i, JSON.stringify(look.message).slice(0, 300));
  assert.equal(i.T, 48);
  assert.equal(i.attention.length, i.layers * i.heads);
  for (const m of i.attention) assert.equal(m.length, 48 * 48);
  const missing = 'shipped=nope task=reverse n=8 sample=0';
  await ask(page, 'inspect', 0, missing);
  const answer = await waitAnswer(page, `(e) => e.message && e.message.type === 'attention' && e.message.key === ${JSON.stringify(missing)}`);
  assert.match(answer.message.error, /lab_shipped_nope_reverse\.weights: HTTP 404/);
});

// [SECTION] the learner's model evaluated under RoPE's scalings
// The default model's size (d = 48, 4 heads, 2 layers), trained a few steps: each evaluation takes seconds in the
// worker, long enough to press Cancel while some still wait.
const ROPE = 'task=copy pe=rope train_steps=20 test=4 seed=2';

test("remedies-at-test-time: 'Evaluate my model' evaluates the learner's RoPE run in the worker; Cancel stops the rest", async () => {
  const p = await openWidget(browser, server.url, 'lesson=length-lab&step=remedies-at-test-time&lang=en');
  await watch(p);
  // A button as last drawn, once the widget has settled (which waits for the evaluations on their way).
  const button = async (label) => {
    await settle(p, 60000);
    const b = (await p.evaluate(() => window.pelab.actions())).find((a) => a.label === label);
    assert.ok(b, `a button ${label}: ` + JSON.stringify(await p.evaluate(() => window.pelab.actions())));
    return b;
  };
  // Pressed as soon as it is drawn enabled (not settled: Cancel is enabled only while evaluations are on their way).
  const press = async (label) => {
    const handle = await p.waitForFunction((l) => window.pelab.actions().find((a) => a.label === l && a.enabled), label,
      { timeout: 60000, polling: 20 });
    const b = await handle.jsonValue();
    await p.mouse.click(b.x + b.w / 2, b.y + b.h / 2);
  };
  // The step's prediction covers its figure until answered.
  const q = (await p.evaluate(() => window.pelab.questions())).find((x) => x.predict);
  if (q) await p.mouse.click(q.choices[0].x + q.choices[0].w / 2, q.choices[0].y + q.choices[0].h / 2);
  assert.equal((await button('Evaluate my model')).enabled, false, 'no RoPE run yet: disabled');

  const run = await ask(p, 'train', 0, ROPE);
  assert.equal((await waitAnswer(p, byType(run, 'done', 'error'), 120000)).message.type, 'done');
  await press('Evaluate my model');
  // Five evaluations of run=<id>, each its own id, queued one after another in the worker.
  const evals = () => p.evaluate((r) => [...new Set(window.__lab.filter((e) => e.message && e.message.id !== r && e.message.id != null &&
    e.message.type === 'queued').map((e) => e.message.id))], run);
  await p.waitForFunction(() => window.__lab.some((e) => e.message && e.message.type === 'evaluated'), null, { timeout: 120000, polling: 50 });
  const ids = await evals();
  assert.equal(ids.length, 5, JSON.stringify(ids));
  const first = (await answers(p)).find((e) => e.message && e.message.type === 'evaluated');
  assert.equal(first.ok, 1, 'the board took the evaluation');
  assert.deepEqual(Object.keys(first.message.result.exact), ['4', '8', '12', '16', '20', '24', '28', '32', '40', '48']);
  assert.equal(first.message.result.config.pe, 'rope');

  // Cancel while the others wait: each is answered cancelled, and none is evaluated after its cancel.
  await press('Cancel evaluation');
  const over = (id) => `(e) => e.message && e.message.id === ${JSON.stringify(id)} && ['evaluated', 'cancelled', 'error'].includes(e.message.type)`;
  for (const id of ids) await waitAnswer(p, over(id), 120000);
  const finals = (await answers(p)).filter((e) => e.message && ids.includes(e.message.id) && e.message.type !== 'queued');
  const cancelled = finals.filter((e) => e.message.type === 'cancelled').map((e) => e.message.id);
  assert.ok(cancelled.length >= 1, 'at least one evaluation was still waiting: ' + JSON.stringify(finals.map((e) => e.message.type)));
  for (const id of cancelled) assert.equal(finals.filter((e) => e.message.id === id).length, 1, `nothing after ${id}'s cancel`);
  // Idle again: the lab client waits for nothing, and no frame is drawn while nothing arrives.
  const frames = await settle(p, 60000);
  await p.waitForTimeout(1000);
  assert.equal(await p.evaluate(() => window.pelab.frames()), frames, 'no frame drawn while idle');
  assert.equal(await p.evaluate(() => window.pelab.lab.waiting), 0);

  // Pressed again, it evaluates only what the cancel stopped; the learner's curves are then all drawn.
  await press('Evaluate my model');
  await p.waitForFunction((n) => window.__lab.filter((e) => e.message && e.message.type === 'evaluated').length >= n,
    5, { timeout: 180000, polling: 100 });
  await settle(p, 60000);
  assert.equal((await button('Evaluate my model')).enabled, false, 'every method scored: nothing left to ask');
  // The figure's description (the text mirror) lists eight series: the five reference means, then the learner's
  // first three, and counts the other two.
  const figures = await p.evaluate(() => document.querySelector('.pelab-figures').textContent);
  for (const label of ['yours: as trained', 'yours: PI', 'yours: NTK'])
    assert.ok(figures.includes(label + ' goes from'), `${label} in the figure's description: ${figures}`);
  assert.ok(figures.includes('2 more series are drawn'), figures);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

// [SECTION] idle after training, the lesson, the single file
test('after training ends the widget draws no frames for a second', async () => {
  const frames = await settle(page);
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.pelab.frames()), frames, 'no frame drawn while nothing arrives');
});

test('opening the lab lesson asks for its reference runs and starts the worker', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await context.newPage();
  await p.addInitScript(() => {
    window.__asked = [];
    const fetch0 = window.fetch, Worker0 = window.Worker;
    window.fetch = function (url, init) { window.__asked.push('fetch ' + url); return fetch0.call(this, url, init); };
    window.Worker = function (url, options) { window.__asked.push('worker ' + url); return new Worker0(url, options); };
  });
  await p.goto(server.url + 'index.html#lesson=f-delta');
  await p.waitForFunction(() => window.pelab && window.pelab.lessons && window.pelab.lessons().length > 0, null, { timeout: 20000 });
  const has = await p.evaluate(() => window.pelab.lessons().some((l) => l.id === 'length-lab'));
  if (!has) { await context.close(); t.skip('the length-lab lesson is not in this build'); return; }
  await p.evaluate(() => window.pelab.setState({ lesson: 'length-lab' }));
  await p.waitForFunction(() => window.__asked.some((a) => /lab_reference_runs\.json$/.test(a)) &&
    window.__asked.some((a) => /lab_worker\.js$/.test(a)), null, { timeout: 20000 });
  await context.close();
});

test('the offline single file shows the reference runs from its data block and explains that training needs the served page', async (t) => {
  const single = path.join(repoRoot, 'build/web/pelab.html');
  if (!fs.existsSync(single)) { t.skip('build/web/pelab.html is not built'); return; }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto('file://' + single + '#lesson=f-delta');
  await p.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 30000 });
  await p.evaluate(() => window.pelab.ready);
  await watch(p);
  await ask(p, 'load_data', 0, '');
  const data = await waitAnswer(p, "(e) => e.name === 'pelab_lab_data' || e.name === 'pelab_lab_data_failed'");
  assert.equal(data.name, 'pelab_lab_data');
  assert.equal(data.ok, 1, 'the board read the reference runs from the data block');
  const trainer = await waitAnswer(p, "(e) => e.message && e.message.type === 'trainer'");
  assert.equal(trainer.message.available, false);
  assert.match(trainer.message.message, /served page/);
  const id = await ask(p, 'train', 0, TINY);
  const refused = await waitAnswer(p, byType(id, 'error', 'done'));
  assert.equal(refused.message.type, 'error');
  assert.equal(refused.message.message, trainer.message.message);
  assert.equal(refused.ok, 1);
  assert.deepEqual(errors, []);
  await context.close();
});
