// PE Lab — web/widget.js
// Mounts the compiled module (pelab.js, -sMODULARIZE) on a canvas and gives the host page an API.
//
//   PELab.mount(element, options) → api      one widget per element; several per page are fine
//     options.hash      true: the widget owns location.hash (index.html / embed.html); default false
//     options.query     initial state when not hash-driven, e.g. "lesson=rope&step=3"
//     options.defaults  applied before the hash/query (embed.html: "embed=1")
//   api.ready          Promise, resolved after the first frame (rejected if WebGL2 is missing)
//   api.state()        {lesson, step, lang, params}   (step is 1-based, as in URLs)
//   api.setState(p)    p = {lesson?, step?, step_id?, lang?, params?: {key: value|array}}; other keys count as
//                      params (step_id, as state() gives it, wins over step)
//   api.frames()       frames rendered so far (stays constant while idle)
//   api.idle()         true when no frame is requested and nothing the screen waits for is on its way (a language's
//                      texts, a look inside a model, the lab's data): everything asked of the widget has been drawn
//   api.notices()      [{key, message}] for rejected or clamped input (plain text: insert it with textContent)
//   api.lessons()      [{id, steps, title}] the curriculum, titles in the current language
//   api.layout()       [{kind, title, x, y, w, h, rows, cols, visible}] where each figure was drawn (CSS px): the step's
//                      primary figure first, then the others, then its equations (kind 'equation', title = TeX)
//                      phasor entries carry handles: [{key, x, y}], the arrowheads a learner can drag; each figure
//                      has extent {x, y, w, h} (the whole view as drawn) and each entry planned {x, y, w, h} (where
//                      the layout function, src/app/layout.h layout_page, puts it; tests/browser/layout_plan.test.mjs)
//   api.questions()    [{prompt, choices: [{text, x, y, w, h}], picked, verdict, explanation}]: the step's
//                      questions as drawn (CSS px); verdict and explanation stay empty until a choice is picked
//   api.links()        [{term, words, x, y, w, h}]: the links in the step's text as drawn (CSS px); term is a glossary
//                      term or lesson:ID[/STEP], a link that opens another lesson when clicked
//   api.actions()      [{label, enabled, x, y, w, h}]: the step's buttons as drawn (CSS px), e.g. the lab's "Train"
//   api.exportPng(i, scale)  downloads figure i of the step as PNG (1× or 2×)
//   api.exportText(i, format, copy)  figure i as 'csv' | 'json' | 'latex': downloaded, or copied if copy
//   api.copyLink()           copies the link to this view (the export menu's "copy link")
//   api.dismissNotices()     clears the notices (what the notice's button does)
//   api.play(on)       starts (true) or pauses (false) the current step's timeline; returns whether the step has
//                      one. While it plays, frames are drawn every frame and the hash / pelab:state wait for the
//                      pause. play=1 in the URL starts it on load, except under prefers-reduced-motion.
//   api.playing()      whether a timeline is playing now
//   api.gpuCheck()     {ok, renderer, tiles: [{case, ok, pixels, max_abs_error, tolerance}]}: long-sequence
//                      map tiles rendered on this GPU compared with the core (tests, diagnostics)
//   api.languages()    the languages whose texts are in memory, e.g. ['en']: the page loads the one it opens in
//                      (and the texts of the lesson it opens on; the other lessons' after the first frame), and
//                      the other language when the learner switches (the switch waits for it; a notice if it fails)
//   api.lab            the length-generalisation lab's client; once ready, lab.ask(kind, id, words) asks what the
//                      lab's buttons ask (kind: load_data, train, pause, resume, cancel, save_weights, load_weights,
//                      inspect, eval: id the run, words 'scaling=ntk factor=2'; returns the run's id for train and
//                      load_weights, the evaluation's for eval); lab.onMessage = fn(name, text,
//                      ok) sees each answer handed to the app (ok: 1 when the app understood it). docs/lab.md
//
// A page with an element #pelab (index.html, embed.html) gets it mounted as window.pelab, driven by the
// URL hash. Embedded in an iframe, the widget also speaks postMessage (see docs/embedding.md):
//   host → widget  {type: "pelab:setState", state: {...}}     {type: "pelab:getState"}
//   widget → host  {type: "pelab:state", state: {...}}  on every change and in reply to getState
//                  {type: "pelab:ready", state: {...}}  once, after the first frame
(function () {
  'use strict';

  // Performance marks for scripts/bench's split of the first load (tests/browser/bench.mjs): 'pelab:*'.
  function mark(name) { if (typeof performance !== 'undefined' && performance.mark) performance.mark('pelab:' + name); }

  // Start-up work is overlapped: the first mount starts compiling pelab.wasm (streaming, on the
  // browser's compiler threads) while this thread goes on with the page.
  // The compiled module is shared by every widget of the page, each instantiating it with its own imports.
  var compiled = null;  // null: not started; false: not possible here (emscripten loads the wasm itself)
  // pelab.wasm lies beside pelab.js (emscripten's own rule for finding it). The offline single file
  // (scripts/make_single_file.py) has no files beside it: it carries the wasm as base64 in a data block.
  function embeddedWasm() { return embeddedBytes('pelab-wasm'); }
  function embeddedBytes(id) {
    var block = document.getElementById(id);
    if (!block || block.type !== 'application/octet-stream') return null;
    var text = atob(block.textContent.replace(/\s+/g, ''));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  // A file beside pelab.js (pelab.wasm, the lab's worker and data), or null where there is none to fetch (the
  // single file, a page opened from file://).
  // The address of pelab.js is kept once found (a page may replace its body, script tags and all, and mount
  // widgets afterwards; widget.js looks as soon as it runs). Before pelab.js's tag is parsed (index.html loads
  // widget.js first), the files are looked for beside widget.js, where the build puts them all.
  var pelabScript = null, widgetScript = document.currentScript ? document.currentScript.src : '';
  function assetUrl(name) {
    var scripts = document.getElementsByTagName('script');
    for (var i = 0; !pelabScript && i < scripts.length; ++i) {
      var src = scripts[i].src;
      if (src && /(^|\/)pelab\.js([?#]|$)/.test(src)) pelabScript = src;
    }
    var base = pelabScript || widgetScript;
    return base && /^https?:/.test(base) ? new URL(name, base).href : null;
  }
  function compileWasm() {
    if (compiled !== null) return compiled;
    var embedded = embeddedWasm();
    compiled = false;
    if (embedded && typeof WebAssembly === 'object') {
      mark('compile');
      compiled = WebAssembly.compile(embedded);
      compiled.then(function () { mark('compiled'); }, function () {});
      return compiled;
    }
    var url = assetUrl('pelab.wasm');
    if (!url || typeof WebAssembly !== 'object') return compiled;
    mark('compile');
    // credentials as emscripten's own fetch and index.html's <link rel=preload crossorigin>, so the preload is used.
    var fetched = fetch(url, { credentials: 'same-origin' });
    var streaming = typeof WebAssembly.compileStreaming === 'function' ? WebAssembly.compileStreaming(fetched)
                                                                        : Promise.reject(new Error('no streaming'));
    compiled = streaming.catch(function () {
      // Served with another MIME type than application/wasm: compile the bytes instead (as emscripten does).
      return fetch(url, { credentials: 'same-origin' }).then(function (r) { return r.arrayBuffer(); })
        .then(function (bytes) { return WebAssembly.compile(bytes); });
    });
    compiled.then(function () { mark('compiled'); }, function () {});
    return compiled;
  }

  // [SECTION] one language per load
  // pelab.wasm carries no language's texts: scripts/language_texts.py moved them out, as records "write these
  // bytes at this address", to a file per language and part: pelab-zh.lang (Chinese for every screen, with the
  // glyphs only Chinese uses), pelab-zh-<lesson>.lang (a lesson's steps), and the same for English. The page
  // fetches the language it opens in and the lesson its address names beside the wasm and writes them into a new
  // instance's memory before main() runs; the app asks for the rest (another lesson, the other language, the
  // other lessons after the first frame) through onPelabTexts and shows what waited once they are written
  // (web.cpp: pelab_texts_arrived). Each file is fetched once per page, whatever the number of widgets; the
  // offline single file carries them all in data blocks (id "pelab-data:<file name>").
  // The equations' MathML (the text mirror's: screen readers, print) moved the same way to pelab-mathml.data,
  // which is fetched after the first frame.
  var dataFiles = {};
  function dataFile(name, blockId) {
    if (dataFiles[name]) return dataFiles[name];
    var embedded = embeddedBytes(blockId), url = assetUrl(name);
    if (embedded) dataFiles[name] = Promise.resolve(embedded);
    else if (!url) dataFiles[name] = Promise.reject(new Error(name + ' needs the served page'));
    else {
      dataFiles[name] = fetch(url, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error(name + ': HTTP ' + r.status);
        return r.arrayBuffer();
      }).then(function (buffer) { return new Uint8Array(buffer); });
      // A failed fetch is not kept: the next switch tries again.
      dataFiles[name].catch(function () { delete dataFiles[name]; });
    }
    return dataFiles[name];
  }
  // A part of a language's texts: '' those every screen may use, or a lesson's id (its steps' texts).
  function textsName(lang, part) { return 'pelab-' + lang + (part ? '-' + part : '') + '.lang'; }
  function textsFile(lang, part) { var name = textsName(lang, part); return dataFile(name, 'pelab-data:' + name); }
  // Writes a .lang file's records into a module's memory (scripts/language_texts.py: b"PELANG1\0", the count as
  // a little-endian u32, each record's gap from the previous record's end and its length as LEB128 varints, then
  // the records' bytes in order); throws on a file of another format or one that does not fit, before writing.
  function writeLanguage(memory, bytes) {
    var magic = 'PELANG1\0', at = 12, records = [], end = 0;
    for (var i = 0; i < 8; ++i) if (bytes[i] !== magic.charCodeAt(i)) throw new Error('not a PE Lab data file');
    var count = new DataView(bytes.buffer, bytes.byteOffset, 12).getUint32(8, true);
    function varint() {
      var value = 0, scale = 1, b;
      do {
        if (at >= bytes.length) throw new Error('a damaged PE Lab data file');
        b = bytes[at++];
        value += (b & 127) * scale;
        scale *= 128;
      } while (b & 128);
      return value;
    }
    for (var k = 0; k < count; ++k) {
      var address = end + varint(), length = varint();
      records.push([address, length]);
      end = address + length;
    }
    if (end > memory.buffer.byteLength) throw new Error('a PE Lab data file that does not fit this pelab.wasm');
    var heap = new Uint8Array(memory.buffer);
    records.forEach(function (r) {
      if (at + r[1] > bytes.length) throw new Error('a damaged PE Lab data file');
      heap.set(bytes.subarray(at, at + r[1]), r[0]);
      at += r[1];
    });
  }
  // What a page opens on, as far as its address says: the language as the app will choose it (the last lang= of
  // the page's defaults and its own query, the hash or mount's options.query; else the browser's language when it
  // is Chinese; else English), and the lessons whose texts it will likely need (lesson=, and the map page with
  // map=). The lessons are a guess fetched beside the wasm: the app asks for what it needs, whatever the guess.
  function opening(options) {
    var found = { lang: (navigator.language || '').toLowerCase().indexOf('zh') === 0 ? 'zh' : 'en', lessons: [] };
    var own = options.hash ? location.hash.substring(1) : String(options.query == null ? '' : options.query);
    [options.defaults || '', own].forEach(function (query) {
      query.split('&').forEach(function (pair) {
        var kv = pair.split('='), key, value;
        try { key = decodeURIComponent(kv[0]).trim(); value = decodeURIComponent(kv[1] || '').trim().toLowerCase(); } catch (e) { return; }
        if (key === 'lang' && (value === 'zh' || value === 'en')) found.lang = value;
        if (key === 'lesson' && /^[a-z0-9-]{1,40}$/.test(value)) found.lessons = [value];
        if (key === 'map' && value) found.map = true;
      });
    });
    if (found.map) found.lessons.push('position-maps');
    return found;
  }
  function memoryOf(instance, imports) {
    if (imports && imports.env && imports.env.memory instanceof WebAssembly.Memory) return imports.env.memory;
    var exports = instance.exports;
    for (var k in exports) if (exports[k] instanceof WebAssembly.Memory) return exports[k];
    return null;
  }

  // Whether this browser has WebGL2 at all. A browser that has it but gives no context (blocklisted GPU,
  // hardware acceleration off) is caught by main(): SDL_GL_CreateContext fails and the same message shows.
  // (A trial context here cost 60–150 ms of the first frame and did not make the widget's own one cheaper.)
  function hasWebGL2() {
    return typeof WebGL2RenderingContext !== 'undefined';
  }

  // In Chrome, reading the scissor box or the blend state with getParameter is a synchronous round
  // trip to the GPU process that first waits for all queued GPU work; ImGui's renderer reads all seven every
  // frame to restore them afterwards, which cost up to 0.3 s on the first frame of a loaded machine and tens of
  // ms on later ones. Only this context's own calls change them, so a copy kept beside the context answers
  // with the same values at no cost. The copy starts from the values WebGL gives a new (or restored) context:
  // the scissor box is the drawing buffer, blending is ONE, ZERO with FUNC_ADD.
  function shadowGlState(gl) {
    var real = gl.getParameter, copy = {};
    function reset() {
      copy[gl.SCISSOR_BOX] = new Int32Array([0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight]);
      copy[gl.BLEND_SRC_RGB] = copy[gl.BLEND_SRC_ALPHA] = gl.ONE;
      copy[gl.BLEND_DST_RGB] = copy[gl.BLEND_DST_ALPHA] = gl.ZERO;
      copy[gl.BLEND_EQUATION_RGB] = copy[gl.BLEND_EQUATION_ALPHA] = gl.FUNC_ADD;
    }
    function wrap(fn, update) {
      var original = gl[fn];
      gl[fn] = function (a, b, c, d) { original.apply(gl, arguments); update(a, b, c, d); };
    }
    wrap('scissor', function (x, y, w, h) { copy[gl.SCISSOR_BOX] = new Int32Array([x, y, w, h]); });
    wrap('blendFunc', function (src, dst) {
      copy[gl.BLEND_SRC_RGB] = copy[gl.BLEND_SRC_ALPHA] = src;
      copy[gl.BLEND_DST_RGB] = copy[gl.BLEND_DST_ALPHA] = dst;
    });
    wrap('blendFuncSeparate', function (srcRgb, dstRgb, srcAlpha, dstAlpha) {
      copy[gl.BLEND_SRC_RGB] = srcRgb; copy[gl.BLEND_DST_RGB] = dstRgb;
      copy[gl.BLEND_SRC_ALPHA] = srcAlpha; copy[gl.BLEND_DST_ALPHA] = dstAlpha;
    });
    wrap('blendEquation', function (mode) { copy[gl.BLEND_EQUATION_RGB] = copy[gl.BLEND_EQUATION_ALPHA] = mode; });
    wrap('blendEquationSeparate', function (rgb, alpha) { copy[gl.BLEND_EQUATION_RGB] = rgb; copy[gl.BLEND_EQUATION_ALPHA] = alpha; });
    gl.getParameter = function (name) {
      if (!(name in copy)) return real.call(gl, name);
      var v = copy[name];
      return v instanceof Int32Array ? new Int32Array(v) : v;  // a fresh array, as WebGL returns
    };
    reset();
    return reset;
  }

  // The canvas's WebGL2 context comes with the state copy above (the app creates it through getContext).
  // Called before the app's own listeners, so a restored context's copy is fresh before the app draws again.
  function shadowOnCreate(canvas) {
    var getContext = canvas.getContext, reset = null;
    canvas.getContext = function (type, attributes) {
      var context = getContext.call(canvas, type, attributes);
      if (context && type === 'webgl2' && !reset) reset = shadowGlState(context);
      return context;
    };
    canvas.addEventListener('webglcontextrestored', function () { if (reset) reset(); });
  }

  function el(tag, cls, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    parent.appendChild(e);
    return e;
  }

  function toQuery(partial) {
    var kv = [];
    var enc = encodeURIComponent;
    if (!partial || typeof partial !== 'object') return '';
    // A state() handed back: its step_id names the step (its number may be a renumbered lesson's old one).
    var stepId = (typeof partial.step_id === 'string' && partial.step_id) ? partial.step_id : null;
    Object.keys(partial).forEach(function (k) {
      var v = partial[k];
      if (k === 'params' || k === 'step_id' || (k === 'step' && stepId) || v === null || typeof v === 'object' || typeof v === 'function') return;
      kv.push(enc(k) + '=' + enc(String(v)));
    });
    if (stepId) kv.push('step=' + enc(stepId));
    var params = (partial.params && typeof partial.params === 'object') ? partial.params : {};
    Object.keys(params).forEach(function (k) {
      var v = params[k];
      if (Array.isArray(v)) v = v.map(Number).join(',');
      else if (v === null || typeof v === 'object' || typeof v === 'function') return;
      kv.push(enc(k) + '=' + enc(String(v)));
    });
    // lesson first: choosing a lesson resets its parameters before the others apply.
    kv.sort(function (a, b) { return (b.indexOf('lesson=') === 0) - (a.indexOf('lesson=') === 0); });
    return kv.join('&');
  }

  // The widget's styles, added once per document (pages that mount widgets need no stylesheet of their own).
  var CSS = [
    '.pelab-canvas{position:absolute;inset:0;width:100%;height:100%;display:block;touch-action:none;outline:none}',
    '.pelab-canvas:focus-visible{outline:3px solid #1f77b4;outline-offset:-3px}',
    '.pelab-fatal{display:none;position:absolute;inset:0;padding:2em;box-sizing:border-box;overflow:auto;',
    'font:16px/1.5 system-ui,"Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#222;background:#faf9f7}',
    '.pelab-fatal h1{font-size:1.3em;margin:0 0 .5em}.pelab-detail{color:#666}',
    '.pelab-loading{position:absolute;left:1em;top:1em;font:14px system-ui,sans-serif;color:#777}',
    /* Readable by assistive technology, find and translate; invisible on screen; printed. */
    '.pelab-text{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:normal}',
    '.pelab-print-figure{display:none}',
    '@media print{.pelab-canvas,.pelab-loading{display:none!important}',
    '.pelab-text{position:static;width:auto;height:auto;overflow:visible;clip-path:none;',
    'font:12pt/1.5 "Noto Serif CJK SC",serif;color:#000}.pelab-notices{display:none}',
    '.pelab-print-figure{display:block;max-width:100%;margin-top:1em}}'
  ].join('');

  function addStyles() {
    if (document.getElementById('pelab-style')) return;
    var style = document.createElement('style');
    style.id = 'pelab-style';
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  // The length-generalisation lab's client: the app's lab requests (web.cpp: js_lab_request) go to the
  // lab's worker (lab_worker.js beside pelab.js, started on the first request: when the lab opens), to a fetch of
  // the reference runs, to a download or a file picker; every answer goes back to the app as the worker's JSON
  // (_pelab_lab_receive). Where no worker can start (the offline single file, a CSP without it, a cross-origin
  // pelab.js) the app hears {type: 'trainer', available: false, message} and every run asked for fails with it.
  function labClient(m, save) {
    // waiting: the answers the screen waits for (looks inside a model, the reference runs, evaluations of a
    // model), not yet arrived: the widget is not idle while one is on its way (a run's training is not waited
    // for: it takes minutes; an evaluation takes seconds). evals: the evaluations' ids still unanswered.
    var worker = null, failed = null, queue = [], client = { onMessage: null, waiting: 0 }, looks = {}, evals = {};
    function onHeap(text, fn) {  // text as a C string on the heap (an inspection is too large for the stack)
      var n = m.lengthBytesUTF8(text) + 1, at = m._malloc(n);
      m.stringToUTF8(text, at, n);
      try { return fn(at); } finally { m._free(at); }
    }
    function pass(name, text) {
      if (name === 'pelab_lab_data' || name === 'pelab_lab_data_failed') client.waiting = Math.max(0, client.waiting - 1);
      var ok = onHeap(text, m['_' + name]);
      if (client.onMessage) client.onMessage(name, text, ok);
    }
    function tell(message) {
      if (message.type === 'attention' && looks[message.key]) { --looks[message.key]; --client.waiting; }
      if (evals[message.id] && /^(evaluated|error|cancelled)$/.test(message.type)) { delete evals[message.id]; --client.waiting; }
      pass('pelab_lab_receive', JSON.stringify(message));
    }
    function refuse(c) {
      if (c.cmd === 'train' || c.cmd === 'load' || c.cmd === 'eval') tell({ type: 'error', id: c.id, message: failed });
      if (c.cmd === 'inspect') tell({ type: 'attention', key: c.key, error: failed });
    }
    function unavailable(why) {
      if (failed) return;
      failed = 'training needs the lab\'s worker (lab_worker.js), which this page cannot start: ' + why;
      if (worker) worker.terminate();
      tell({ type: 'trainer', available: false, message: failed });
      if (queue) queue.splice(0).forEach(refuse);
    }
    function send(c) {
      if (!worker && !failed) {
        var url = assetUrl('lab_worker.js');
        try {
          if (!url) throw new Error(document.getElementById('pelab-wasm') ? 'this is the offline single file; open the served page to train'
                                                                           : 'pelab.js was not loaded from a web server');
          worker = new Worker(url);
        } catch (e) { unavailable(e.message || String(e)); }
        if (worker) {
          worker.onmessage = function (e) {
            var d = e.data;
            if (d.type === 'ready') { tell({ type: 'trainer', available: true }); var q = queue; queue = null; q.forEach(send); }
            else if (d.type === 'weights') save(d.name, 'application/json', d.text);
            else if (d.type === 'error' && d.id == null) unavailable(d.message);
            else tell(d);
          };
          worker.onerror = function (e) { if (queue) unavailable(e.message || 'lab_worker.js did not load'); };
        }
      }
      if (failed) refuse(c);
      else if (queue) queue.push(c);
      else if (c.cmd) worker.postMessage(c);
    }
    function fetchRuns() {
      var block = document.getElementById('pelab-lab-runs'), url = assetUrl('lab_reference_runs.json');
      if (block) return pass('pelab_lab_data', block.textContent);
      if (!url) return pass('pelab_lab_data_failed', 'the reference runs (lab_reference_runs.json) need the served page');
      fetch(url, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.text();
      }).then(function (t) { pass('pelab_lab_data', t); }, function (e) {
        pass('pelab_lab_data_failed', 'lab_reference_runs.json could not be fetched: ' + (e.message || e));
      });
    }
    function pick(id, words) {
      var input = document.createElement('input');
      input.type = 'file';
      input.accept = '.json,application/json';
      input.onchange = function () {
        var f = input.files[0];
        if (!f) return;
        var limit = m._pelab_weights_limit();  // core's, so the page and every other reader agree
        if (f.size > limit) return tell({ type: 'error', id: id, message: f.name + ': ' + (f.size / 1048576).toFixed(1) + ' MiB, over the ' + (limit / 1048576) + ' MiB a weights file may have' });
        f.text().then(function (t) {
          send({ cmd: 'load', id: id, text: t, name: f.name, task: (/(?:^|\s)task=(\w+)/.exec(words) || [0, 'copy'])[1] });
        }, function (e) { tell({ type: 'error', id: id, message: f.name + ': ' + e.message }); });
      };
      input.click();
    }
    // One request of the app (kind as web.cpp names it; id 0 for pause, resume and cancel: every run; model: an
    // evaluation's, "run=3").
    client.request = function (kind, id, words, model) {
      if (kind === 'load_data') { ++client.waiting; send({}); fetchRuns(); }
      else if (kind === 'load_weights') pick(id, words);
      else if (kind === 'inspect') { looks[words] = (looks[words] || 0) + 1; ++client.waiting; send({ cmd: kind, key: words }); }
      else if (kind === 'eval') { if (!evals[id]) { evals[id] = 1; ++client.waiting; } send({ cmd: kind, id: id, model: model, params: words }); }
      else send({ cmd: kind === 'save_weights' ? 'weights' : kind, id: id || undefined, params: words });
    };
    // What the lab's buttons ask (web.cpp: pelab_lab_ask): tests, a host page's own controls.
    client.ask = function (kind, id, words) {
      return onHeap(kind, function (k) { return onHeap(words || '', function (w) { return m._pelab_lab_ask(k, id || 0, w); }); });
    };
    return client;
  }

  function mount(root, options) {
    options = options || {};
    addStyles();
    if (getComputedStyle(root).position === 'static') root.style.position = 'relative';
    var zh = (navigator.language || '').toLowerCase().indexOf('zh') === 0;
    var canvas = root.querySelector('canvas') || el('canvas', 'pelab-canvas', root);
    // A canvas the page brought gets the widget's class too: out of flow, so resizing it cannot feed back
    // into the size of the root it is measured from.
    canvas.classList.add('pelab-canvas');
    canvas.tabIndex = 0;
    canvas.setAttribute('aria-label', 'PE Lab');
    var loading = el('div', 'pelab-loading', root);
    loading.textContent = 'PE Lab …';
    var fatal = el('div', 'pelab-fatal', root);
    fatal.setAttribute('role', 'alert');
    // The step's title and text as real text: screen readers (aria-live), find, translate, print.
    var mirror = el('div', 'pelab-text', root);
    mirror.setAttribute('aria-live', 'polite');
    var mirrorTitle = el('h2', '', mirror);
    // The step's point and reason first, then the detail.
    var mirrorTakeaway = el('p', 'pelab-takeaway', mirror);
    var mirrorBody = el('p', '', mirror);
    var mirrorNotices = el('ul', 'pelab-notices', mirror);  // the notices on screen, as plain text
    var mirrorMath = el('div', 'pelab-math', mirror);        // the step's equations as MathML (built at build time)
    var mirrorFigures = el('ul', 'pelab-figures', mirror);   // each figure in words and numbers
    var printFigure = el('img', 'pelab-print-figure', root);
    printFigure.alt = '';

    var module = null;
    var resolveReady, rejectReady;
    var ready = new Promise(function (res, rej) { resolveReady = res; rejectReady = rej; });
    ready.catch(function () {});  // a missing WebGL2 is reported on the page, not as an unhandled rejection
    ready.then(function () { api.readyAt = performance.now(); });  // navigation → ready resolving, for scripts/bench

    // notLoaded: a file the widget needs could not be fetched (else: the browser lacks WebGL2).
    function showFatal(detail, notLoaded) {
      fatal.innerHTML = '';
      var h = el('h1', '', fatal);
      var p = el('p', '', fatal);
      if (notLoaded) {
        h.textContent = zh ? 'PE Lab 未能载入' : 'PE Lab could not load';
        p.textContent = zh
          ? '它的一个文件没有取到。请刷新页面；若仍然如此，可能是服务器缺少这个文件。离线使用请打开单文件版 pelab.html。'
          : 'One of its files could not be fetched. Please reload the page; if this persists, the server may be missing the file. To use it offline, open the single file pelab.html.';
      } else {
        h.textContent = zh ? 'PE Lab 无法在此浏览器中显示' : 'PE Lab cannot run in this browser';
        p.textContent = zh
          ? '这个交互图需要 WebGL2。请使用较新的 Chrome、Edge、Firefox 或 Safari，并确认硬件加速已开启。'
          : 'This interactive figure needs WebGL2. Please use a recent Chrome, Edge, Firefox or Safari with hardware acceleration enabled.';
      }
      var d = el('p', 'pelab-detail', fatal);
      d.textContent = detail;
      fatal.style.display = 'block';
      canvas.style.display = 'none';
      loading.style.display = 'none';
      rejectReady(new Error(detail));
    }

    function call(name) { return module ? module.UTF8ToString(module['_' + name]()) : null; }

    // Untrusted text (setState, postMessage, the hash) crosses into wasm through the heap: ccall's
    // 'string' would copy it onto the wasm stack unchecked. Text over the limit is not copied at all;
    // C++ gets its length only and answers with one "input too long" notice.
    function passText(name, text) {
      if (!module) return;
      text = String(text);
      var bytes = module.lengthBytesUTF8(text);
      if (bytes > module._pelab_input_limit()) { module['_' + name](0, bytes); return; }
      var at = module._malloc(bytes + 1);
      try {
        module.stringToUTF8(text, at, bytes + 1);
        module['_' + name](at, bytes);
      } finally {
        module._free(at);
      }
    }
    function parsed(name, fallback) { var s = call(name); return s ? JSON.parse(s) : fallback; }

    var embedded = window.parent && window.parent !== window;
    function tellHost(type) {
      if (!embedded || !module) return;
      // State is public (it is in the URL); '*' lets any host page listen without configuration.
      window.parent.postMessage({ type: type, state: api.state() }, '*');
    }

    var api = {
      ready: ready,
      state: function () { return parsed('pelab_state_json', null); },
      setState: function (partial) { passText('pelab_apply', toQuery(partial)); },
      frames: function () { return module ? module._pelab_frames() : 0; },
      // A language, a look inside a model or the lab's data still on its way is something asked and not yet drawn.
      idle: function () {
        return module ? module._pelab_frame_requested() === 0 && textsPending === 0 && !(api.lab && api.lab.waiting) : false;
      },
      notices: function () { return parsed('pelab_notices_json', []); },
      lessons: function () { return parsed('pelab_lessons_json', []); },
      layout: function () { return parsed('pelab_layout_json', []); },
      questions: function () { return parsed('pelab_questions_json', []); },
      links: function () { return parsed('pelab_links_json', []); },
      actions: function () { return parsed('pelab_actions_json', []); },
      exportPng: function (index, scale) { if (module) module._pelab_export_png(index || 0, scale || 1); },
      // The export menu's other items: format 'csv' | 'json' | 'latex', downloaded or copied.
      exportText: function (index, format, copy) {
        var f = { csv: 0, json: 1, latex: 2 }[format];
        if (module && f !== undefined) module._pelab_export_text(index || 0, f, copy ? 1 : 0);
      },
      copyLink: function () { if (module) module._pelab_copy_link(); },
      dismissNotices: function () { if (module) module._pelab_dismiss_notices(); },
      play: function (on) { return module ? module._pelab_play(on ? 1 : 0) !== 0 : false; },
      playing: function () { return module ? module._pelab_playing() !== 0 : false; },
      gpuCheck: function () { return parsed('pelab_gpu_check_json', null); },
      languages: function () { return inMemory.filter(function (t) { return t.indexOf(':') < 0; }); },
      lab: null,  // set below, before the module's first frame (which may already ask for the lab's data)
      canvas: canvas
    };

    var compiling = compileWasm();
    // The texts the page opens on are fetched beside the wasm; the instance's memory gets them before main().
    var start = opening(options), memory = null, inMemory = [], textsPending = 0;
    var openingFiles = [textsFile(start.lang, '')].concat(start.lessons.map(function (id) {
      return textsFile(start.lang, id).then(null, function () { return null; });  // a guess: the app asks again
    }));
    if (!hasWebGL2()) { showFatal('WebGL2 is not available (getContext("webgl2") returned null).'); return api; }

    shadowOnCreate(canvas);
    canvas.addEventListener('mousedown', function () { canvas.focus(); });  // keeps keys inside iframes
    canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
    canvas.addEventListener('webglcontextlost', function (e) {
      e.preventDefault();  // tells the browser we will restore
      if (module) module._pelab_context_lost();
    });
    canvas.addEventListener('webglcontextrestored', function () { if (module) module._pelab_context_restored(); });

    // With -sMODULARIZE the config object becomes the module instance, so it is usable as soon as
    // the first frame reports in (possibly before the factory's promise settles).
    var config = {
      canvas: canvas,
      pelabHashSync: !!options.hash,
      pelabQuery: options.query == null ? '' : String(options.query),
      pelabDefaults: options.defaults || '',
      pelabKeysOnCanvas: !options.hash,
      pelabTextsInMemory: inMemory,
      onPelabReady: function () {
        module = config;
        loading.style.display = 'none';
        if (typeof ResizeObserver !== 'undefined') {
          new ResizeObserver(function () {
            var r = root.getBoundingClientRect();
            if (r.width > 0 && r.height > 0) module._pelab_resize(Math.round(r.width), Math.round(r.height));
          }).observe(root);
        }
        if (typeof IntersectionObserver !== 'undefined') {
          // Scrolled out of view or on a hidden slide: schedule no frames at all.
          new IntersectionObserver(function (entries) {
            entries.forEach(function (e) { module._pelab_set_visible(e.isIntersecting ? 1 : 0); });
          }).observe(root);
        }
        resolveReady(api);
        tellHost('pelab:ready');
        // After the first frame: the equations' MathML for the text mirror (nothing on screen waits for it).
        dataFile('pelab-mathml.data', 'pelab-data:pelab-mathml.data').then(function (bytes) {
          writeLanguage(memory, bytes);
          module._pelab_data_arrived();
        }).catch(function (err) { console.warn('PE Lab: the equations\' MathML is not available: ' + ((err && err.message) || err)); });
      },
      onPelabState: function () { tellHost('pelab:state'); },
      onPelabStepText: function (title, takeaway, body, notices, figures, math) {
        mirrorTitle.textContent = title;
        mirrorTakeaway.textContent = takeaway;
        mirrorBody.textContent = body;
        mirrorNotices.textContent = '';
        (notices ? notices.split('\n') : []).forEach(function (line) { el('li', '', mirrorNotices).textContent = line; });
        // MathML from the app's own build-time data (never from the URL), parsed as markup, not run.
        mirrorMath.textContent = '';
        (math ? math.split('\n') : []).forEach(function (m) {
          var doc = new DOMParser().parseFromString(m, 'application/xml');
          if (doc.documentElement && doc.documentElement.nodeName === 'math') mirrorMath.appendChild(document.importNode(doc.documentElement, true));
        });
        mirrorFigures.textContent = '';
        (figures ? figures.split('\n') : []).forEach(function (line) { el('li', '', mirrorFigures).textContent = line; });
      },
      onPelabSave: function (name, mime, bytes) {
        var url = URL.createObjectURL(new Blob([bytes], { type: mime }));
        var a = el('a', '', document.body);
        a.href = url;
        a.download = name;
        a.click();
        a.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
      },
      onPelabCopy: function (text) {
        function answer(ok) { if (module) module._pelab_clipboard_result(ok ? 1 : 0); }
        function fallback() {
          // Older browsers, or an iframe without the clipboard-write permission: the legacy command.
          var t = el('textarea', '', document.body);
          t.value = text;
          t.style.position = 'fixed';
          t.style.opacity = '0';
          t.select();
          var ok = false;
          try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
          t.remove();
          canvas.focus();
          answer(ok);
        }
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(function () { answer(true); }, fallback);
        } else {
          fallback();
        }
      },
      onPelabFullscreen: function () {
        if (document.fullscreenElement) { document.exitFullscreen().catch(function () {}); return; }
        if (root.requestFullscreen) root.requestFullscreen().catch(function () {});
      },
      onPelabFatal: showFatal,
      // The app asks for texts that are not in memory (a language switched to, a lesson opened): fetched (once per
      // page), written into this instance's memory, then the app shows what waited for them; a failure leaves
      // the widget as it is, with a notice.
      // A background fetch (the other lessons after the first frame) is not work the screen waits for, so idle()
      // does not count it (a state that comes to need it waits, and that counts: pelab_frame_requested).
      onPelabTexts: function (lang, part, background) {
        var english = lang === 'en' ? 1 : 0, key = lang + (part ? ':' + part : ''), counted = background ? 0 : 1;
        function withText(text, fn) {
          var n = config.lengthBytesUTF8(text) + 1, at = config._malloc(n);
          config.stringToUTF8(text, at, n);
          try { return fn(at); } finally { config._free(at); }
        }
        textsPending += counted;
        textsFile(lang, part).then(function (bytes) {
          if (inMemory.indexOf(key) < 0) { writeLanguage(memory, bytes); inMemory.push(key); }
        }).then(function () {
          textsPending -= counted;
          withText(part, function (p) { config._pelab_texts_arrived(english, p); });
        }, function (err) {
          textsPending -= counted;
          withText(part, function (p) {
            withText(String((err && err.message) || err), function (w) { config._pelab_texts_failed(english, p, w); });
          });
        });
      },
      preRun: function () { mark('wasm'); },  // the wasm is instantiated; main() runs next
      printErr: function (t) { console.warn(t); }
    };
    api.lab = labClient(config, config.onPelabSave);
    config.onPelabLab = api.lab.request;
    if (!compiling) {
      showFatal('pelab.wasm and its texts need the served page (or the single file pelab.html)', true);
      return api;
    }
    // emscripten calls this instead of fetching and compiling the wasm itself; receiveInstance finishes. The
    // opening language's texts are written between the instantiation and main() (and the constructors before it).
    config.instantiateWasm = function (imports, receiveInstance) {
      Promise.all([compiling].concat(openingFiles)).then(function (got) {
        return WebAssembly.instantiate(got[0], imports).then(function (instance) {
          memory = memoryOf(instance, imports);
          if (!memory) throw new Error('pelab.wasm has no memory to write its texts into');
          writeLanguage(memory, got[1]);
          inMemory.push(start.lang);
          got.slice(2).forEach(function (bytes, i) {
            if (bytes) { writeLanguage(memory, bytes); inMemory.push(start.lang + ':' + start.lessons[i]); }
          });
          mark('texts');
          receiveInstance(instance, got[0]);
        });
      }).catch(function (err) { showFatal(String((err && err.message) || err), true); });
      return {};  // the exports arrive through receiveInstance
    };
    if (options.hash) {
      // The hash the user navigated to is the event's, not location.hash: a frame may already have
      // replaced location.hash with the widget's own state between the edit and this event.
      window.addEventListener('hashchange', function (e) {
        if (!module) return;
        var at = e.newURL ? e.newURL.indexOf('#') : -1;
        var hash = at >= 0 ? e.newURL.substring(at) : location.hash;
        passText('pelab_restore', hash);
      });
    }
    // Print: the step text plus a picture of the first figure (rendered now, read in the same task).
    window.addEventListener('beforeprint', function () {
      if (!module) return;
      module._pelab_render_now();
      var fig = api.layout()[0];
      var url = canvas.toDataURL('image/png');
      if (!fig) { printFigure.src = url; return; }
      var img = new Image();
      img.onload = function () {
        // Canvas pixels per CSS pixel (the canvas may already be hidden by the print stylesheet).
        var cssWidth = canvas.getBoundingClientRect().width;
        var s = cssWidth > 0 ? canvas.width / cssWidth : (window.devicePixelRatio || 1);
        var c = document.createElement('canvas');
        var pad = 40;
        c.width = (fig.w + 2 * pad) * s;
        c.height = (fig.h + 2 * pad) * s;
        c.getContext('2d').drawImage(img, (fig.x - pad) * s, (fig.y - pad) * s, c.width, c.height, 0, 0, c.width, c.height);
        printFigure.src = c.toDataURL('image/png');
      };
      img.src = url;
    });
    // index.html loads widget.js before pelab.js, so that the wasm's compile and the texts' fetch start while
    // pelab.js is still arriving; the module is created once pelab.js has run (by DOMContentLoaded at the latest).
    function create() { createPelab(config).catch(function (err) { showFatal(String((err && err.message) || err)); }); }
    if (typeof createPelab === 'function') create();
    else document.addEventListener('DOMContentLoaded', function () {
      if (typeof createPelab === 'function') create();
      else showFatal('pelab.js did not load', true);
    });
    return api;
  }

  // postMessage from the host page. Only the parent window is listened to, whatever its origin: it already
  // controls this widget through the iframe's URL, so its messages grant nothing new (sibling frames and
  // popups are ignored). Messages are plain data, validated field by field and passed through the same
  // parser and input limits as the URL; nothing is evaluated. Who may frame the widget at all is the
  // embedding site's CSP frame-ancestors directive (docs/embedding-security.md).
  function listenToHost(api) {
    window.addEventListener('message', function (e) {
      if (e.source !== window.parent || window.parent === window) return;
      var m = e.data;
      if (!m || typeof m !== 'object' || typeof m.type !== 'string') return;
      if (m.type === 'pelab:setState' && m.state && typeof m.state === 'object') api.setState(m.state);
      else if (m.type === 'pelab:getState') window.parent.postMessage({ type: 'pelab:state', state: api.state() }, '*');
    });
  }

  assetUrl('pelab.js');  // reads where pelab.js is while its script tag is certainly in the page
  window.PELab = { mount: mount, toQuery: toQuery };
  var auto = document.getElementById('pelab');
  if (auto) {
    window.pelab = mount(auto, { hash: true, defaults: auto.getAttribute('data-defaults') || '' });
    listenToHost(window.pelab);
  }
})();
