// PE Lab — web/widget.js
// Starts the compiled module on the page's canvas and exposes window.pelab, the JavaScript API used
// by host pages and tests:
//   pelab.ready          Promise, resolved after the first frame (rejected if WebGL2 is missing)
//   pelab.state()        {lesson, step, lang, params}   (step is 1-based, as in URLs)
//   pelab.setState(p)    p = {lesson?, step?, lang?, params?: {key: value|array}}; other keys count as params
//   pelab.frames()       frames rendered so far (stays constant while idle)
//   pelab.notices()      [{key, message}] for rejected or clamped input
//   pelab.lessons()      [{id, steps, title}] the curriculum, titles in the current language
//   pelab.layout()       [{kind, title, x, y, w, h, rows, cols}] where each figure was drawn (CSS px)
// The URL hash mirrors the state (history.replaceState); editing the hash restores that state.
(function () {
  'use strict';
  var root = document.getElementById('pelab');
  var canvas = document.getElementById('canvas');
  var fatal = document.getElementById('pelab-fatal');
  var loading = document.getElementById('pelab-loading');
  var module = null;
  var resolveReady, rejectReady;
  var ready = new Promise(function (res, rej) { resolveReady = res; rejectReady = rej; });
  ready.catch(function () {});  // a missing WebGL2 is reported on the page, not as an unhandled rejection

  function showFatal(detail) {
    var zh = (navigator.language || '').toLowerCase().indexOf('zh') === 0;
    fatal.innerHTML = '';
    var h = document.createElement('h1');
    h.textContent = zh ? 'PE Lab 无法在此浏览器中显示' : 'PE Lab cannot run in this browser';
    var p = document.createElement('p');
    p.textContent = zh
      ? '这个交互图需要 WebGL2。请使用较新的 Chrome、Edge、Firefox 或 Safari，并确认硬件加速已开启。'
      : 'This interactive figure needs WebGL2. Please use a recent Chrome, Edge, Firefox or Safari with hardware acceleration enabled.';
    var d = document.createElement('p');
    d.style.color = '#777';
    d.textContent = detail;
    fatal.appendChild(h); fatal.appendChild(p); fatal.appendChild(d);
    fatal.style.display = 'block';
    canvas.style.display = 'none';
    loading.style.display = 'none';
    rejectReady(new Error(detail));
  }

  function call(name) {
    return module ? module.UTF8ToString(module['_' + name]()) : null;
  }

  function toQuery(partial) {
    var kv = [];
    var enc = encodeURIComponent;
    Object.keys(partial || {}).forEach(function (k) {
      if (k === 'params') return;
      kv.push(enc(k) + '=' + enc(String(partial[k])));
    });
    var params = (partial && partial.params) || {};
    Object.keys(params).forEach(function (k) {
      var v = params[k];
      kv.push(enc(k) + '=' + enc(Array.isArray(v) ? v.join(',') : String(v)));
    });
    // lesson first: choosing a lesson resets its parameters before the others apply.
    kv.sort(function (a, b) { return (b.indexOf('lesson=') === 0) - (a.indexOf('lesson=') === 0); });
    return kv.join('&');
  }

  window.pelab = {
    ready: ready,
    state: function () { var s = call('pelab_state_json'); return s ? JSON.parse(s) : null; },
    setState: function (partial) {
      if (module) module.ccall('pelab_apply', null, ['string'], [toQuery(partial)]);
    },
    frames: function () { return module ? module._pelab_frames() : 0; },
    notices: function () { var s = call('pelab_notices_json'); return s ? JSON.parse(s) : []; },
    lessons: function () { var s = call('pelab_lessons_json'); return s ? JSON.parse(s) : []; },
    layout: function () { var s = call('pelab_layout_json'); return s ? JSON.parse(s) : []; }
  };

  function hasWebGL2() {
    try { return !!document.createElement('canvas').getContext('webgl2'); } catch (e) { return false; }
  }
  if (!hasWebGL2()) { showFatal('WebGL2 is not available (getContext("webgl2") returned null).'); return; }

  canvas.addEventListener('mousedown', function () { canvas.focus(); });
  canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  // With -sMODULARIZE the config object becomes the module instance, so it is usable as soon as
  // the first frame reports in (possibly before the factory's promise settles).
  var config = {
    canvas: canvas,
    onPelabReady: function () {
      module = config;
      window.__pelabReadyAt = performance.now();  // navigation → first frame, for scripts/bench
      loading.style.display = 'none';
      if (typeof ResizeObserver !== 'undefined') {
        new ResizeObserver(function () {
          var r = root.getBoundingClientRect();
          module._pelab_resize(Math.round(r.width), Math.round(r.height));
        }).observe(root);
      }
      resolveReady(window.pelab);
    },
    onPelabFatal: showFatal,
    printErr: function (t) { console.warn(t); }
  };
  window.addEventListener('hashchange', function () {
    if (module) module.ccall('pelab_restore', null, ['string'], [location.hash]);
  });
  createPelab(config).catch(function (err) { showFatal(String((err && err.message) || err)); });
})();
