// PE Lab — web/lab_worker.js
// The length-generalisation lab in a Web Worker, so that training never blocks the page: the page starts it when
// the lab opens with `new Worker('lab_worker.js')` (a same-origin file: the documented CSP allows it through
// script-src 'self', where worker-src falls back to, and the worker's own loads through script-src, connect-src
// and 'wasm-unsafe-eval'; docs/embedding-security.md), and this script loads the lab module beside it
// (pelab_lab.js + pelab_lab.wasm, src/platform/lab/lab_module.cpp: core's one request handler,
// core/lab/lab_requests.h, -O3 with WebAssembly SIMD).
//
// The worker only carries messages and schedules work: every message of the lab's protocol (docs/lab.md,
// "Messages") goes to core's handler as it came, and every event the handler answers with is posted to the page
// as it is. What the worker adds: {type: 'ready'} once the module has loaded (or {type: 'error', id: null,
// message} when it did not), the fetch of a shipped model a look inside needs (lab_shipped_<pe>_<task>.weights
// beside this script), and the slices. A load's file travels beside its message, not inside its JSON.
//
// Work is cut into slices of about 50 ms; between slices the worker yields so that messages get through (pause,
// resume and cancel are answered within one slice). It yields through a MessageChannel rather than
// setTimeout(0), which browsers clamp to 4 ms after a few nested calls (about 8 % of a 50 ms slice).
//
// [SECTION] the module
// [SECTION] events and slices
// [SECTION] messages from the page
'use strict';

// [SECTION] the module
importScripts('pelab_lab.js');
const SLICE_MS = 50;  // work between two yields
let lab = null;       // the module once loaded
let loadError = null; // why it did not load
const loaded = createPelabLab().then((module) => {
  lab = module;
  postMessage({ type: 'ready' });
}, (error) => {
  loadError = String((error && error.message) || error);
  postMessage({ type: 'error', id: null, message: 'the lab module did not load: ' + loadError });
});

// Calls fn(pointer, size) with `bytes` (a Uint8Array) copied onto the heap (never the stack: a weights file may
// be tens of MiB; core refuses one over its limit with a message), and returns its result.
function withBytes(bytes, fn) {
  const pointer = lab._malloc(bytes.length || 1);
  if (!pointer) throw new Error('out of memory for ' + bytes.length + ' bytes');
  try {
    lab.HEAPU8.set(bytes, pointer);
    return fn(pointer, bytes.length);
  } finally {
    lab._free(pointer);
  }
}

// The same for text, as a C string.
function withText(words, fn) {
  const size = lab.lengthBytesUTF8(words) + 1;
  const pointer = lab._malloc(size);
  if (!pointer) throw new Error('out of memory for ' + size + ' bytes');
  try {
    lab.stringToUTF8(words, pointer, size);
    return fn(pointer);
  } finally {
    lab._free(pointer);
  }
}

// [SECTION] events and slices
// Posts the events the handler answered with since the last call, in order.
function flush() {
  for (const event of JSON.parse(lab.UTF8ToString(lab._pelab_lab_events()))) postMessage(event);
}

// One slice of work, its events, then the next slice after the messages already waiting (a message on a
// channel is a new task, queued behind them).
let scheduled = false;
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  scheduled = false;
  lab._pelab_lab_work(SLICE_MS);
  flush();
  schedule();
};
function schedule() {
  if (scheduled || !lab._pelab_lab_has_work()) return;
  scheduled = true;
  channel.port2.postMessage(0);
}

// [SECTION] messages from the page
// The shipped models fetched so far or being fetched: file → Promise (settled once its bytes or its failure are
// handed to the handler; a failed fetch may be tried again by a later message).
const fetching = new Map();

function fetchShipped(file) {
  if (!fetching.has(file)) {
    const done = fetch(file).then((r) => {
      if (!r.ok) throw new Error('HTTP ' + r.status + ' (the lab ships no such model)');
      return r.arrayBuffer();
    }).then((buffer) => {
      withBytes(new Uint8Array(buffer), (p, n) => withText(file, (f) => lab._pelab_lab_provide(f, p, n)));
    }, (error) => {
      fetching.delete(file);
      withText(file, (f) => withText(String((error && error.message) || error), (w) => lab._pelab_lab_provide_failed(f, w)));
    });
    fetching.set(file, done);
  }
  return fetching.get(file);
}

// One message: to the handler as it came (a load's text beside it), after the shipped model it needs, if any.
function deliver(message) {
  const { text, ...rest } = message || {};
  const json = JSON.stringify(rest);
  const need = withText(json, (p) => lab.UTF8ToString(lab._pelab_lab_needs(p)));
  const go = () => {
    if (rest.cmd === 'load') {
      const bytes = new TextEncoder().encode(String(text === undefined ? '' : text));
      withText(json, (m) => withBytes(bytes, (p, n) => lab._pelab_lab_handle(m, p, n)));
    } else {
      withText(json, (m) => lab._pelab_lab_handle(m, 0, 0));
    }
    flush();
    schedule();
  };
  if (need) return fetchShipped(need).then(go);
  go();
}

// Messages that come before the module has loaded wait for it, in order.
onmessage = (event) => {
  loaded.then(() => {
    if (!lab) {
      postMessage({ type: 'error', id: event.data && event.data.id, message: 'the lab module did not load: ' + loadError });
      return;
    }
    try {
      return deliver(event.data);
    } catch (error) {
      postMessage({ type: 'error', id: (event.data && event.data.id) ?? null, message: String((error && error.message) || error) });
    }
  });
};
