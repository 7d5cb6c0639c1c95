// PE Lab — tests/browser/widget.test.mjs
// The widget as a person meets it: headless Debian Chromium (SwiftShader WebGL2) driven by
// playwright-core, against build/web/dist served on 127.0.0.1. Run with `node --test`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openWidget, settle, idleFrames, screenshotPng, pixel, saveArtifact } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

async function closePage(page) {
  await page.context().close();
}

test('page loads, pelab.ready resolves, no script errors', async () => {
  const page = await openWidget(browser, server.url, '');
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 'f-delta');
  assert.equal(s.step, 1);
  assert.ok(await page.evaluate(() => window.pelab.frames()) >= 1);
  assert.deepEqual(page.errors, []);
  await closePage(page);
});

test('the copy of the scissor and blend state answers what WebGL itself holds: new, drawn, resized, restored', async () => {
  // widget.js answers these getParameter calls from a copy (a real call is a synchronous GPU round trip). The
  // copy starts from WebGL's initial values; a restored context starts from them again, before the app draws.
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&lang=en');
  await settle(page);
  await page.evaluate(() => {
    const gl = window.pelab.canvas.getContext('webgl2');
    const real = WebGL2RenderingContext.prototype.getParameter;
    window.compareCopy = () => ['SCISSOR_BOX', 'BLEND_SRC_RGB', 'BLEND_DST_RGB', 'BLEND_SRC_ALPHA', 'BLEND_DST_ALPHA',
      'BLEND_EQUATION_RGB', 'BLEND_EQUATION_ALPHA'].map((n) => [n, String(gl.getParameter(gl[n])), String(real.call(gl, gl[n]))]);
    // Another user of the context changes the state directly.
    window.afterDirectCalls = () => {
      gl.scissor(3, 4, 50, 60);
      gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.blendEquationSeparate(gl.FUNC_SUBTRACT, gl.MAX);
      const out = window.compareCopy();
      gl.blendFunc(gl.DST_COLOR, gl.ZERO);
      gl.blendEquation(gl.MIN);
      return out.concat(window.compareCopy());
    };
    // Runs right after the app's own restore handler, before its next frame: the state is WebGL's initial one.
    gl.canvas.addEventListener('webglcontextrestored', () => { window.atRestore = window.compareCopy(); });
  });
  const check = (rows, when) => { for (const [name, copy, real] of rows) assert.equal(copy, real, `${name} ${when}`); };
  check(await page.evaluate(() => window.compareCopy()), 'after the first frames');
  check(await page.evaluate(() => window.afterDirectCalls()), 'after direct calls');
  await page.setViewportSize({ width: 900, height: 600 });
  await settle(page);
  check(await page.evaluate(() => window.compareCopy()), 'after a resize');
  await page.evaluate(() => {
    window.loser = window.pelab.canvas.getContext('webgl2').getExtension('WEBGL_lose_context');
    window.loser.loseContext();
  });
  await page.waitForFunction(() => window.pelab.canvas.getContext('webgl2').isContextLost());
  await page.evaluate(() => window.loser.restoreContext());
  await page.waitForFunction(() => window.atRestore !== undefined);
  check(await page.evaluate(() => window.atRestore), 'on restore');
  assert.deepEqual(page.errors, []);
  await closePage(page);
});

test('deep link restores lesson, step, language and parameters', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&L=6&omega=1.5708,1.0472&lang=en');
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 'f-delta');
  assert.equal(s.step, 4);
  assert.equal(s.lang, 'en');
  assert.equal(s.params.L, 6);
  assert.deepEqual(s.params.omega, [1.5708, 1.0472]);
  assert.deepEqual(await page.evaluate(() => window.pelab.notices()), []);
  // The figure on screen has the restored size: a 6×6 heatmap.
  await settle(page);
  const layout = await page.evaluate(() => window.pelab.layout());
  assert.ok(layout.some((v) => v.kind === 'heatmap' && v.rows === 6 && v.cols === 6), JSON.stringify(layout));
  await closePage(page);
});

test('heatmap pixels follow F = f(q−k): equal colours along diagonals, red peak, blue trough', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&L=4&lang=en');
  await settle(page);
  const layout = await page.evaluate(() => window.pelab.layout());
  const hm = layout.find((v) => v.kind === 'heatmap' && v.rows === 4 && v.cols === 4);
  assert.ok(hm, 'a 4×4 heatmap is on screen: ' + JSON.stringify(layout));
  const png = await screenshotPng(page);
  const cell = hm.w / 4;
  // Sample near each cell's top-left corner, away from the printed value in its centre.
  const colour = (q, k) => pixel(png, hm.x + (k + 0.18) * cell, hm.y + (q + 0.18) * cell);
  const dist = (a, b) => Math.max(...a.map((x, i) => Math.abs(x - b[i])));
  for (let q = 0; q < 4; ++q) {
    for (let k = 0; k < 4; ++k) {
      // Toeplitz: every cell matches the first cell of its diagonal.
      const ref = q >= k ? colour(q - k, 0) : colour(0, k - q);
      assert.ok(dist(colour(q, k), ref) <= 3, `cell (${q},${k}) ${colour(q, k)} vs diagonal ${ref}`);
    }
  }
  const peak = colour(0, 0);    // f(0) = 2, the maximum: red end of the diverging map
  const trough = colour(2, 0);  // f(±2) = −1.5, the minimum: blue end
  assert.ok(peak[0] > peak[2] + 60, `diagonal is red: ${peak}`);
  assert.ok(trough[2] > trough[0] + 60, `Δ=±2 is blue: ${trough}`);
  await closePage(page);
});

test('arrow keys, PageUp/PageDown, Home/End change the step and the hash', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=2&lang=en');
  await page.locator('.pelab-canvas').click({ position: { x: 5, y: 5 } });
  const step = () => page.evaluate(() => window.pelab.state().step);
  const hash = () => page.evaluate(() => location.hash);
  const press = async (key) => { await page.keyboard.press(key); await settle(page); };
  await press('ArrowRight');
  assert.equal(await step(), 3);
  assert.match(await hash(), /step=kernel-of-delta&/);  // the widget writes the step's id
  await press('ArrowLeft');
  assert.equal(await step(), 2);
  await press('PageDown');
  assert.equal(await step(), 3);
  await press('PageUp');
  assert.equal(await step(), 2);
  await press('End');
  assert.equal(await step(), 11);  // f-delta's last step
  assert.match(await hash(), /step=recap&/);
  await press('Home');
  assert.equal(await step(), 1);
  assert.match(await hash(), /lesson=f-delta/);
  await closePage(page);
});

test('editing the hash restores that state; setState updates the hash', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en');
  await page.evaluate(() => { location.hash = '#lesson=f-delta&step=6&L=5&v=1,0,0,1&lang=zh'; });
  // The Chinese texts are fetched first (one language per load): the step changes at once, the language after.
  await page.waitForFunction(() => window.pelab.state().step === 6 && window.pelab.state().lang === 'zh');
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lang, 'zh');
  assert.equal(s.params.L, 5);
  assert.deepEqual(s.params.v, [1, 0, 0, 1]);
  await page.evaluate(() => window.pelab.setState({ step: 7, params: { seed: 42 } }));
  await page.waitForFunction(() => /step=content-readout&/.test(location.hash) && /seed=42/.test(location.hash));
  // state() names the step by id too, and handing it back returns to that step.
  const kept = await page.evaluate(() => window.pelab.state());
  assert.equal(kept.step_id, 'content-readout');
  await page.evaluate(() => window.pelab.setState({ step: 1 }));
  await page.waitForFunction(() => window.pelab.state().step === 1);
  await page.evaluate((st) => window.pelab.setState(st), kept);
  await page.waitForFunction(() => window.pelab.state().step_id === 'content-readout');
  assert.equal((await page.evaluate(() => window.pelab.notices())).length, 0, 'no notice for step_id');
  await closePage(page);
});

test('idle: no frames are rendered during 2 s without input', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&lang=en');
  assert.equal(await idleFrames(page), 0, 'frames rendered while idle');
  const afterIdle = await page.evaluate(() => window.pelab.frames());
  // ...and input wakes it up again.
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 330);
  await page.waitForFunction((n) => window.pelab.frames() > n, afterIdle);
  await closePage(page);
});

test('a hostile hash shows notices naming the keys, and the widget keeps working', async () => {
  const bad = 'lesson=no-such-lesson&step=99&L=abc&omega=nan,inf&bogus=1&v=1e999&lang=xx&seed=-5';
  const page = await openWidget(browser, server.url, bad);
  await settle(page);
  const notices = await page.evaluate(() => window.pelab.notices());
  const keys = notices.map((n) => n.key);
  for (const k of ['lesson', 'step', 'L', 'omega', 'bogus', 'lang', 'seed']) {
    assert.ok(keys.includes(k), `notice for ${k}: ${JSON.stringify(notices)}`);
  }
  for (const n of notices) assert.ok(n.message.includes(n.key), `message names its key: ${n.message}`);
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 'f-delta');
  assert.ok(s.step >= 1 && s.step <= 10);  // f-delta's steps
  // Still rendering: the canvas is not blank and navigation works.
  const png = await screenshotPng(page);
  const colours = new Set();
  for (let y = 0; y < png.height; y += 17) for (let x = 0; x < png.width; x += 13) colours.add(pixel(png, x, y).join());
  assert.ok(colours.size > 20, `canvas shows content (${colours.size} colours)`);
  await page.evaluate(() => window.pelab.setState({ step: 2 }));
  await page.waitForFunction(() => window.pelab.state().step === 2);
  assert.deepEqual(page.errors, []);
  await closePage(page);
});

// Rows of the screenshot where `a` and `b` differ (at least `minPixels` pixels in the row).
function changedRows(a, b, minPixels = 3) {
  const rows = [];
  for (let y = 0; y < a.height; ++y) {
    let n = 0;
    for (let x = 0; x < a.width; ++x) {
      const i = (a.width * y + x) * 4;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) ++n;
    }
    if (n >= minPixels) rows.push(y);
  }
  return rows;
}

// The notice is drawn on the canvas, not only returned by notices(): a panel with one line per notice is
// inserted above the lesson (the figure moves down by its height, one line more per notice), and
// dismissing it gives back exactly the picture without it. (What the pixels spell is not read back, there
// being no OCR here; notices() supplies the text, checked to name the key and its range.)
test('a rejected value shows a visible notice naming the key and its range; dismissing removes it', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&L=64&lang=en');
  await settle(page);
  const clean = await screenshotPng(page);
  const figY = async () => (await page.evaluate(() => window.pelab.layout()))[0].y;
  const y0 = await figY();
  // L=999 is clamped to 64: the same figure, plus the notice.
  await page.evaluate(() => { location.hash = '#lesson=f-delta&step=4&L=999&lang=en'; });
  await page.waitForFunction(() => window.pelab.notices().length === 1);
  await settle(page);
  const [notice] = await page.evaluate(() => window.pelab.notices());
  assert.equal(notice.key, 'L');
  assert.match(notice.message, /\bL\b/);
  assert.match(notice.message, /1\s*(…|\.\.\.?|to|–)\s*64/, `range named: ${notice.message}`);
  // What the panel says, as the page's text mirror (aria-live) carries it for screen readers.
  const mirrored = async () => page.$$eval('.pelab-text .pelab-notices li', (li) => li.map((x) => x.textContent));
  const said = await mirrored();
  assert.equal(said.length, 1, `one notice in the text mirror: ${JSON.stringify(said)}`);
  assert.match(said[0], /\bL\b/);
  assert.match(said[0], /1\s*(…|\.\.\.?|to|–)\s*64/, `range named in the mirror: ${said[0]}`);
  const one = await screenshotPng(page);
  const y1 = await figY();
  assert.ok(y1 - y0 >= 20, `a notice panel is inserted above the figure (moved ${y0} → ${y1})`);
  // The panel itself: rows between the old and the new figure top that changed.
  const top = changedRows(clean, one)[0];
  assert.ok(top !== undefined && top < y1, `the panel is drawn above the figure (first changed row ${top})`);
  // Two rejected values: two lines, so the panel grows by about one line.
  await page.evaluate(() => { location.hash = '#lesson=f-delta&step=4&L=999&bogus=1&lang=en'; });
  await page.waitForFunction(() => window.pelab.notices().length === 2);
  await settle(page);
  const y2 = await figY();
  assert.ok(y2 - y1 >= 10 && y2 - y1 <= y1 - y0, `a second notice adds one line (${y0} → ${y1} → ${y2})`);
  // Dismissed: exactly the clean picture again.
  await page.evaluate(() => window.pelab.dismissNotices());
  await settle(page);
  const dismissed = await screenshotPng(page);
  assert.equal(changedRows(clean, dismissed, 1).length, 0, 'dismissing leaves no trace');
  assert.deepEqual(await mirrored(), [], 'dismissed notices leave the text mirror too');
  assert.deepEqual(page.errors, []);
  await closePage(page);
});

test('zh and en render their text (screenshots kept in build/test-artifacts)', async () => {
  const shots = {};
  for (const lang of ['zh', 'en']) {
    const page = await openWidget(browser, server.url, `lesson=f-delta&step=3&lang=${lang}`, { scale: 2 });
    await settle(page);
    assert.equal((await page.evaluate(() => window.pelab.state())).lang, lang);
    const buf = await page.screenshot();
    saveArtifact(`f-delta-step3-${lang}.png`, buf);
    // The header and step text area: text means many distinct dark pixels.
    const png = await screenshotPng(page, { x: 0, y: 0, width: 1280, height: 160 });
    let dark = 0;
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i] < 90 && png.data[i + 1] < 90 && png.data[i + 2] < 90) dark++;
    assert.ok(dark > 2000, `${lang}: text pixels in the header (${dark})`);
    shots[lang] = png;
    await closePage(page);
  }
  // The two languages really differ on screen.
  let diff = 0;
  for (let i = 0; i < shots.zh.data.length; i += 4) if (Math.abs(shots.zh.data[i] - shots.en.data[i]) > 40) diff++;
  assert.ok(diff > 2000, `zh and en screenshots differ (${diff} pixels)`);
});

test('missing WebGL2 shows a readable message instead of a blank canvas', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await context.addInitScript(() => {
    const orig = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : orig.call(this, type, ...rest);
    };
  });
  const page = await context.newPage();
  await page.goto(server.url + 'index.html');
  await page.waitForSelector('.pelab-fatal', { state: 'visible' });
  const text = await page.locator('.pelab-fatal').innerText();
  assert.match(text, /WebGL2/);
  await context.close();
});
