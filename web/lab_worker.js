// PE Lab — web/lab_worker.js
// The length-generalisation lab's trainer in a Web Worker, so that training never blocks the
// page: the page starts it when the lab opens with `new Worker('lab_worker.js')` (a same-origin file: the
// documented CSP allows it through script-src 'self', where worker-src falls back to, and the worker's own loads
// through script-src, connect-src and 'wasm-unsafe-eval'; docs/embedding-security.md), and this script loads the
// lab module beside it (pelab_lab.js + pelab_lab.wasm, src/platform/lab/lab_module.cpp: core's Trainer, -O3 with
// WebAssembly SIMD).
//
// Messages in (each run has an id the page chooses):
//   {cmd: 'train', id, params: 'task=copy pe=alibi d=48 …'}  queue a run (the keys and rules of pelab-cli lab train)
//   {cmd: 'pause', id} / {cmd: 'resume', id}                 hold or release a run (no id: every run)
//   {cmd: 'cancel', id}                                      stop a run and forget it (no id: every run)
//   {cmd: 'weights', id}                                     the run's weights file (pelab-lab-weights/1) now
//   {cmd: 'free', id}                                        forget a finished (or loaded) run
//   {cmd: 'load', id, text, task, name}                      a weights file the learner chose (text: its
//                                                            contents; task: 'copy' | 'reverse'; name: its file
//                                                            name): read, scored on the task at lab train's test
//                                                            lengths, then kept as run `id` (inspect, weights)
//   {cmd: 'inspect', key}                                    a look inside a model: key 'shipped=<pe> task=<task>
//                                                            n=<n> sample=<i>' (the model the lab ships,
//                                                            lab_shipped_<pe>_<task>.weights beside this script)
//                                                            or 'run=<id> task=… n=… sample=…' (a run's model now)
// Messages out:
//   {type: 'ready'}                                          the module is loaded (once)
//   {type: 'queued', id, total}                              a valid run was queued (total: its steps)
//   {type: 'progress', id, done, total, loss, finetune}      at most every ~100 ms while training, and at the end;
//                                                            loss / finetune: the loss curves so far, [[step, value], …]
//   {type: 'done', id, result, seconds, ms_per_step}         result: the object pelab-cli lab train prints;
//                                                            seconds: wall time of the run (pauses and other runs'
//                                                            turns left out), ms_per_step: its training steps' mean
//   {type: 'weights', id, text, name}                        name: a file name for it (pelab-lab-<pe>-<task>-seed<seed>.json)
//   {type: 'cancelled', id}, {type: 'paused' | 'resumed', id}
//   {type: 'loaded', id, name, result}                       a loaded file: result is the object pelab-cli lab eval prints
//   {type: 'attention', key, inspection} / {type: 'attention', key, error}
//                                                            inspection: core's inspection_json object; error: one line
//   {type: 'error', id, message}                             a bad run (the one line naming the key), a weights file the
//                                                            reader refused (its line naming the tensor), an unknown id,
//                                                            or a module that failed to load (id null)
//
// Runs train one at a time, in the order they came ("train all six" sends six), a paused run letting the next
// one go first. Work is cut into slices of about 50 ms; between slices the worker yields so that pause, resume
// and cancel get through. It yields through a MessageChannel rather than setTimeout(0), which browsers clamp
// to 4 ms after a few nested calls (about 8 % of a 50 ms slice). A message (an inspection, a load) is handled
// between two slices, so it waits at most one slice; scoring a loaded file takes about a second at the defaults.
//
// [SECTION] the module
// [SECTION] the queue
// [SECTION] messages from the page
// [SECTION] loaded models and looks inside
'use strict';

// [SECTION] the module
importScripts('pelab_lab.js');
const SLICE_MS = 50;      // work between two yields
const PROGRESS_MS = 100;  // at most one progress message this often
let lab = null;           // {module}: the module once loaded
let loadError = null;     // why it did not load
const loaded = createPelabLab().then((module) => {
  lab = { module };
  postMessage({ type: 'ready' });
}, (error) => {
  loadError = String((error && error.message) || error);
  postMessage({ type: 'error', id: null, message: 'the lab module did not load: ' + loadError });
});

// A C string of the module as a JavaScript string.
const text = (pointer) => lab.module.UTF8ToString(pointer);

// Calls fn(pointer) with `words` copied onto the heap as a C string (never the stack: text from the page may be
// long, a weights file up to 64 MiB; core refuses what is too long with a message), and returns its result.
function withText(words, fn) {
  const m = lab.module;
  const bytes = m.lengthBytesUTF8(words) + 1;
  const pointer = m._malloc(bytes);
  if (!pointer) throw new Error('out of memory for ' + bytes + ' bytes');
  try {
    m.stringToUTF8(words, pointer, bytes);
    return fn(pointer);
  } finally {
    m._free(pointer);
  }
}

// A new run in the module from its key=value words.
const createRun = (words) => withText(words, (p) => lab.module._pelab_lab_create(p));

// The value of `key` in key=value words, or `fallback`.
function wordOf(words, key, fallback) {
  const found = String(words).split(/\s+/).find((w) => w.startsWith(key + '='));
  return found ? found.substring(key.length + 1) : fallback;
}

// [SECTION] the queue
const runs = [];  // {id, handle, total, paused, computeMs, wallMs, lastProgress, lastSliceEnd, resumedSince}; in order
const finished = new Map();  // id → handle of a finished or loaded run (for 'weights', 'inspect'), until 'free'
const names = new Map();     // id → the file name its weights are offered under
let working = false;         // a slice is scheduled
let lastSliced = null;       // the run of the latest slice

const find = (id) => runs.find((r) => r.id === id);

// The handle of a queued or finished run, or null (and an error message posted).
function handleOf(id) {
  const run = find(id);
  if (run) return run.handle;
  if (finished.has(id)) return finished.get(id);
  postMessage({ type: 'error', id, message: 'no run with id ' + JSON.stringify(id) });
  return null;
}

function postProgress(run) {
  const p = JSON.parse(text(lab.module._pelab_lab_progress(run.handle)));
  postMessage({ type: 'progress', id: run.id, done: p.done, total: p.total, loss: p.loss, finetune: p.finetune });
  run.lastProgress = performance.now();
}

// One slice of the first run that is not paused: steps until SLICE_MS have passed (at least one), then its
// progress when PROGRESS_MS have passed, then the result when the run is over. Schedules the next slice.
function slice() {
  working = false;
  const run = runs.find((r) => !r.paused);
  if (!run) return;  // nothing to do until a message brings work
  const m = lab.module;
  const t0 = performance.now();
  // The run's wall time: its slices, and the yields between two of its slices in a row; not the time it was
  // paused or waited behind another run.
  if (lastSliced === run && !run.resumedSince) run.wallMs += t0 - run.lastSliceEnd;
  let done = m._pelab_lab_steps_done(run.handle);
  do {
    done = m._pelab_lab_train(run.handle, 1);
  } while (done < run.total && performance.now() - t0 < SLICE_MS);
  const t1 = performance.now();
  run.computeMs += t1 - t0;
  run.wallMs += t1 - t0;
  run.lastSliceEnd = t1;
  run.resumedSince = false;
  lastSliced = run;
  if (done >= run.total) {
    postProgress(run);
    const result = JSON.parse(text(m._pelab_lab_result(run.handle)));  // scores the model: seconds on a long run
    const t2 = performance.now();
    runs.splice(runs.indexOf(run), 1);
    finished.set(run.id, run.handle);
    postMessage({ type: 'done', id: run.id, result, seconds: (run.wallMs + (t2 - t1)) / 1000,
                  ms_per_step: run.computeMs / run.total });
  } else if (t1 - run.lastProgress >= PROGRESS_MS) {
    postProgress(run);
  }
  schedule();
}

// The next slice after the messages already waiting: a message on a channel is a new task, queued behind them.
const channel = new MessageChannel();
channel.port1.onmessage = slice;
function schedule() {
  if (working || !runs.some((r) => !r.paused)) return;
  working = true;
  channel.port2.postMessage(0);
}

// [SECTION] messages from the page
function train(id, params) {
  if (find(id) || finished.has(id)) {
    postMessage({ type: 'error', id, message: 'a run with id ' + JSON.stringify(id) + ' exists already' });
    return;
  }
  const handle = createRun(String(params === undefined ? '' : params));
  const problem = text(lab.module._pelab_lab_problem(handle));
  if (problem) {
    lab.module._pelab_lab_free(handle);
    postMessage({ type: 'error', id, message: problem });
    return;
  }
  const total = lab.module._pelab_lab_total_steps(handle);
  names.set(id, 'pelab-lab-' + wordOf(params, 'pe', 'alibi') + '-' + wordOf(params, 'task', 'copy') + '-seed' +
                wordOf(params, 'seed', '0') + '.json');
  runs.push({ id, handle, total, paused: false, computeMs: 0, wallMs: 0, lastProgress: 0, lastSliceEnd: 0,
              resumedSince: false });
  postMessage({ type: 'queued', id, total });
  schedule();
}

// The runs a pause, resume or cancel names: the one with `id`, or every queued run when there is no id.
function named(id) {
  if (id === undefined || id === null) return runs.slice();
  const run = find(id);
  if (!run) postMessage({ type: 'error', id, message: 'no queued run with id ' + JSON.stringify(id) });
  return run ? [run] : [];
}

function handle(message) {
  const { cmd, id } = message || {};
  switch (cmd) {
    case 'train': train(id, message.params); break;
    case 'pause':
      for (const run of named(id)) { run.paused = true; postMessage({ type: 'paused', id: run.id }); }
      break;
    case 'resume':
      // The time a run spent paused (or waiting behind another) is not its time: its next slice starts afresh.
      for (const run of named(id)) { run.paused = false; run.resumedSince = true; postMessage({ type: 'resumed', id: run.id }); }
      schedule();
      break;
    case 'cancel':
      for (const run of named(id)) {
        runs.splice(runs.indexOf(run), 1);
        lab.module._pelab_lab_free(run.handle);
        names.delete(run.id);
        postMessage({ type: 'cancelled', id: run.id });
      }
      break;
    case 'weights': {
      const h = handleOf(id);
      if (h !== null) postMessage({ type: 'weights', id, text: text(lab.module._pelab_lab_weights(h)), name: names.get(id) });
      break;
    }
    case 'free':
      if (finished.has(id)) { lab.module._pelab_lab_free(finished.get(id)); finished.delete(id); names.delete(id); }
      break;
    case 'load': load(id, message); break;
    case 'inspect': return inspect(message.key);
    default:
      postMessage({ type: 'error', id, message: 'unknown command ' + JSON.stringify(cmd) });
  }
}

// [SECTION] loaded models and looks inside
// A weights file the learner chose: read (the reader's line naming the tensor when it refuses), scored on the task
// at lab train's test lengths (lab eval's object), kept as run `id`.
function load(id, message) {
  if (find(id) || finished.has(id)) {
    postMessage({ type: 'error', id, message: 'a run with id ' + JSON.stringify(id) + ' exists already' });
    return;
  }
  const m = lab.module;
  const name = String(message.name || 'weights.json');
  const task = String(message.task || 'copy');
  let handle = 0;
  try {
    handle = withText(String(message.text === undefined ? '' : message.text), (p) => m._pelab_lab_load(p));
  } catch (error) {
    postMessage({ type: 'error', id, message: name + ': ' + String((error && error.message) || error) });
    return;
  }
  const problem = text(m._pelab_lab_problem(handle));
  const result = problem ? '' : withText('task=' + task, (p) => text(m._pelab_lab_evaluate(handle, p)));
  if (problem || result[0] !== '{') {
    m._pelab_lab_free(handle);
    postMessage({ type: 'error', id, message: name + ': ' + (problem || result) });
    return;
  }
  const parsed = JSON.parse(result);
  finished.set(id, handle);
  names.set(id, 'pelab-lab-' + parsed.config.pe + '-' + task + '-loaded.json');
  postMessage({ type: 'loaded', id, name, result: parsed });
}

const shipped = new Map();  // 'alibi copy' → Promise of the handle of the model the lab ships (fetched once)

// The model a key names: a Promise of its handle (rejected with a reason).
function modelOf(words) {
  const run = wordOf(words, 'run', null);
  if (run !== null) {
    const id = /^[0-9]+$/.test(run) ? Number(run) : run;  // the page's ids are numbers
    const live = find(id);
    const handle = live ? live.handle : finished.get(id);
    return handle ? Promise.resolve(handle) : Promise.reject(new Error('no run with id ' + JSON.stringify(run)));
  }
  const pe = wordOf(words, 'shipped', null), task = wordOf(words, 'task', 'copy');
  if (pe === null) return Promise.reject(new Error('the key names no model (shipped=<pe> or run=<id>)'));
  if (!/^[a-z0-9]{1,20}$/.test(pe) || !/^[a-z]{1,20}$/.test(task)) return Promise.reject(new Error('no shipped model ' + JSON.stringify(pe + ' ' + task)));
  const file = 'lab_shipped_' + pe + '_' + task + '.weights';
  if (!shipped.has(file)) {
    const m = lab.module;
    const promise = fetch(file).then((r) => {
      if (!r.ok) throw new Error(file + ': HTTP ' + r.status + ' (the lab ships no such model)');
      return r.arrayBuffer();
    }).then((buffer) => {
      const bytes = new Uint8Array(buffer);
      const pointer = m._malloc(bytes.length || 1);
      if (!pointer) throw new Error(file + ': out of memory');
      m.HEAPU8.set(bytes, pointer);
      const handle = m._pelab_lab_load_packed(pointer, bytes.length);
      m._free(pointer);
      const problem = text(m._pelab_lab_problem(handle));
      if (problem) { m._pelab_lab_free(handle); throw new Error(file + ': ' + problem); }
      return handle;
    });
    promise.catch(() => shipped.delete(file));  // a failed fetch may be tried again later
    shipped.set(file, promise);
  }
  return shipped.get(file);
}

// A look inside a model: {type: 'attention', key, inspection} or {type: 'attention', key, error}.
function inspect(key) {
  const words = String(key === undefined ? '' : key);
  const fail = (error) => postMessage({ type: 'attention', key: words, error: String((error && error.message) || error) });
  return modelOf(words).then((handle) => {
    const n = Number(wordOf(words, 'n', 'none')), sample = Number(wordOf(words, 'sample', '0'));
    if (!Number.isInteger(n) || !Number.isInteger(sample)) throw new Error('n and sample must be whole numbers');
    const out = withText(wordOf(words, 'task', 'copy'), (p) => text(lab.module._pelab_lab_inspect(handle, p, n, sample)));
    if (out[0] !== '{') throw new Error(out);
    postMessage({ type: 'attention', key: words, inspection: JSON.parse(out) });
  }).catch(fail);
}

// Messages that come before the module has loaded wait for it, in order.
onmessage = (event) => {
  loaded.then(() => {
    if (lab) handle(event.data);
    else postMessage({ type: 'error', id: event.data && event.data.id, message: 'the lab module did not load: ' + loadError });
  });
};
