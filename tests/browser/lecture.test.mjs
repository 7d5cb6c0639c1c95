// PE Lab — tests/browser/lecture.test.mjs
// What a lecturer relies on: the reveal.js deck with several embedded widgets, embed.html's options
// (theme, controls, fontscale asserted on screen), the postMessage API (its source filter, one "ready"),
// PNG, CSV, JSON and LaTeX export, the clipboard and "copy link", the DOM mirror of the step text, WebGL
// context loss, hostile hashes. Idle counts start once the frame counters are still (no fixed sleeps).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { serve, launch, openWidget, settle, screenshotPng, pixel } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Polls `read` (frame counters) until its value has not changed for `quietMs`; returns that value. Throws
// after `timeoutMs`: widgets that never settle fail the test rather than skew the idle count.
async function untilStill(read, quietMs = 1000, timeoutMs = 30000) {
  const start = Date.now();
  let last = JSON.stringify(await read());
  let since = Date.now();
  while (Date.now() - start < timeoutMs) {
    await sleep(100);
    const now = JSON.stringify(await read());
    if (now !== last) { last = now; since = Date.now(); }
    if (Date.now() - since >= quietMs) return JSON.parse(last);
  }
  throw new Error(`frame counters still changing after ${timeoutMs} ms: ${last}`);
}

// Frames of every widget (iframe) in a page.
async function widgetFrames(page) {
  const frames = page.frames().filter((f) => f.url().includes('embed.html'));
  const out = [];
  for (const f of frames) out.push({ frame: f, url: f.url() });
  return out;
}

test('lecture deck: every widget gets ready, stays idle, and slide changes drive the steps', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + 'examples/lecture/index.html');
  await page.waitForFunction(() => window.pelabDeck && window.pelabDeck.isReady());
  await page.waitForFunction(() => document.querySelectorAll('iframe.pelab').length >= 3);
  // Every iframe's widget resolves ready (hidden slides included).
  await page.waitForFunction(() => [...document.querySelectorAll('iframe.pelab')].every(
    (f) => f.contentWindow && f.contentWindow.pelab && f.contentWindow.pelab.frames() > 0), null, { timeout: 30000 });
  const widgets = await widgetFrames(page);
  assert.ok(widgets.length >= 3, `${widgets.length} widgets`);
  const lessons = new Set();
  for (const w of widgets) {
    await w.frame.evaluate(() => window.pelab.ready);
    lessons.add(await w.frame.evaluate(() => window.pelab.state().lesson));
  }
  assert.ok(lessons.size >= 3, `three different lessons: ${[...lessons]}`);

  // Idle: once every counter has been still for 1 s, no widget renders during 2 s.
  const count = () => Promise.all(widgets.map((w) => w.frame.evaluate(() => window.pelab.frames())));
  const before = await untilStill(count);
  await sleep(2000);
  const afterIdle = await count();
  assert.deepEqual(afterIdle, before, 'frames while idle');

  // Slide 2 (f-delta), then two clicker presses: fragments → steps 2 and 3.
  const fdelta = widgets.find((w) => w.url.includes('lesson=f-delta')).frame;
  await page.evaluate(() => window.pelabDeck.slide(1, 0));
  await page.waitForFunction(() => window.pelabDeck.getIndices().h === 1);
  await page.keyboard.press('PageDown');
  await fdelta.waitForFunction(() => window.pelab.state().step === 2);
  await page.keyboard.press('PageDown');
  await fdelta.waitForFunction(() => window.pelab.state().step === 3);
  await page.keyboard.press('PageUp');
  await fdelta.waitForFunction(() => window.pelab.state().step === 2);
  // A slide change sets the next widget to that slide's starting step.
  const third = widgets.find((w) => !w.url.includes('lesson=f-delta')).frame;
  await third.evaluate(() => window.pelab.setState({ step: 1 }));
  await page.evaluate(() => window.pelabDeck.slide(2, 0));
  await third.waitForFunction(() => window.pelab.state().step_id === 'sinusoidal-formula');
  assert.deepEqual(errors, []);
  await context.close();
});

test('postMessage round trip between a host page and an embedded widget', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  await page.goto(server.url + 'index.html#lesson=f-delta');  // any page of the same origin as host
  await page.evaluate((src) => {
    document.body.innerHTML = '';
    window.received = [];
    window.addEventListener('message', (e) => window.received.push(e.data));
    const f = document.createElement('iframe');
    f.id = 'w';
    f.style.cssText = 'width:900px;height:600px';
    f.src = src;
    document.body.appendChild(f);
  }, server.url + 'embed.html#lesson=f-delta&step=2&lang=en');
  await page.waitForFunction(() => window.received.some((m) => m && m.type === 'pelab:ready'), null, { timeout: 20000 });
  await page.evaluate(() => document.getElementById('w').contentWindow.postMessage(
    { type: 'pelab:setState', state: { step: 6, params: { v: [1, 0, 0, 1] } } }, '*'));
  await page.waitForFunction(() => window.received.some((m) => m.type === 'pelab:state' && m.state.step === 6));
  const last = await page.evaluate(() => window.received.filter((m) => m.type === 'pelab:state').pop().state);
  assert.deepEqual(last.params.v, [1, 0, 0, 1]);
  // getState is answered; malformed messages are ignored without harm.
  await page.evaluate(() => {
    const w = document.getElementById('w').contentWindow;
    w.postMessage('not an object', '*');
    w.postMessage({ type: 'pelab:setState', state: 'step=3' }, '*');
    w.postMessage({ type: 'pelab:setState', state: { step: { toString: 'x' }, params: null } }, '*');
    window.received = [];
    w.postMessage({ type: 'pelab:getState' }, '*');
  });
  await page.waitForFunction(() => window.received.some((m) => m.type === 'pelab:state'));
  const answered = await page.evaluate(() => window.received.find((m) => m.type === 'pelab:state').state);
  assert.equal(answered.step, 6);

  // The source filter: a sibling frame (same origin, same parent) is not the host; its messages are
  // ignored. Then the host asks for the state: messages are handled in order, so the answer comes after
  // the sibling's message was seen.
  await page.evaluate(() => new Promise((resolve) => {
    const s = document.createElement('iframe');
    s.id = 'sibling';
    s.onload = resolve;
    s.src = 'about:blank';
    document.body.appendChild(s);
  }));
  await page.evaluate(() => {
    const widget = document.getElementById('w').contentWindow;
    document.getElementById('sibling').contentWindow.eval(
      'parent.document.getElementById("w").contentWindow.postMessage({ type: "pelab:setState", state: { step: 2 } }, "*")');
    window.received = [];
    setTimeout(() => widget.postMessage({ type: 'pelab:getState' }, '*'), 200);
  });
  await page.waitForFunction(() => window.received.some((m) => m.type === 'pelab:state'));
  assert.equal(await page.evaluate(() => window.received.find((m) => m.type === 'pelab:state').state.step), 6,
    'a message from a sibling frame changed the widget');
  const widgetFrame = page.frames().find((f) => f.url().includes('embed.html'));
  assert.equal(await widgetFrame.evaluate(() => window.pelab.state().step), 6);
  await context.close();
});

test('postMessage: "pelab:ready" is sent once, not again on later changes', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  await page.goto(server.url + 'index.html#lesson=f-delta');
  await page.evaluate((src) => {
    document.body.innerHTML = '';
    window.readies = 0;
    window.states = 0;
    window.addEventListener('message', (e) => {
      if (e.data && e.data.type === 'pelab:ready') ++window.readies;
      if (e.data && e.data.type === 'pelab:state') ++window.states;
    });
    const f = document.createElement('iframe');
    f.id = 'w';
    f.style.cssText = 'width:900px;height:600px';
    f.src = src;
    document.body.appendChild(f);
  }, server.url + 'embed.html#lesson=f-delta&step=2&lang=en');
  await page.waitForFunction(() => window.readies > 0, null, { timeout: 20000 });
  const widgetFrame = page.frames().find((f) => f.url().includes('embed.html'));
  // Changes from the host and from the widget's own API, then a settled pause. Each change is awaited until
  // its pelab:state arrives: changes made within one frame are reported once, with the state after both.
  const reported = async (change) => {
    const before = await page.evaluate(() => window.states);
    await change();
    await page.waitForFunction((n) => window.states > n, before, { timeout: 10000 });
  };
  for (const step of [3, 4, 5]) {
    await reported(() => page.evaluate((n) => document.getElementById('w').contentWindow.postMessage({ type: 'pelab:setState', state: { step: n } }, '*'), step));
    assert.equal(await widgetFrame.evaluate(() => window.pelab.state().step), step);
  }
  await reported(() => widgetFrame.evaluate(() => window.pelab.setState({ lang: 'zh' })));
  await settle(widgetFrame);
  await sleep(500);
  assert.equal(await page.evaluate(() => window.readies), 1, 'pelab:ready messages');
  await context.close();
});

test('embed.html options: embed, controls, steps range, theme, fontscale, small iframe', async () => {
  // embed=1 (from embed.html) hides the step list: the figure starts near the left edge.
  const embed = await browser.newContext({ viewport: { width: 900, height: 650 } });
  const page = await embed.newPage();
  await page.goto(server.url + 'embed.html#lesson=f-delta&step=4&lang=en&steps=3-5');
  await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0);
  await settle(page);
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.step, 4);
  const fig = (await page.evaluate(() => window.pelab.layout()))[0];
  assert.ok(fig.x < 150, `no step list in embed mode (figure at x=${fig.x})`);
  await page.locator('.pelab-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('End');
  await settle(page);
  assert.equal(await page.evaluate(() => window.pelab.state().step), 5, 'End stops at the range end');
  await page.keyboard.press('Home');
  await settle(page);
  assert.equal(await page.evaluate(() => window.pelab.state().step), 3, 'Home stops at the range start');
  // Written back by ids (a number in a link is a split lesson's old number; ids do not move).
  assert.match(await page.evaluate(() => location.hash), /steps=kernel-of-delta\.\.feature-vectors/);
  // Dark theme: the background turns dark.
  await page.evaluate(() => window.pelab.setState({ theme: 'dark' }));
  await settle(page);
  const dark = await screenshotPng(page);
  const bg = pixel(dark, dark.width - 5, dark.height / 2);
  assert.ok(bg[0] < 60 && bg[1] < 60 && bg[2] < 60, `dark background ${bg}`);
  // Contrast theme (presenter): pure black background, unlike dark's.
  await page.evaluate(() => window.pelab.setState({ theme: 'contrast' }));
  await settle(page);
  const contrast = await screenshotPng(page);
  const cbg = pixel(contrast, contrast.width - 5, contrast.height / 2);
  assert.ok(cbg.every((c) => c <= 3), `contrast background is black: ${cbg}`);
  assert.notDeepEqual(cbg, bg, 'contrast differs from dark');
  const withControls = (await page.evaluate(() => window.pelab.layout()))[0];
  // controls=0: no navigation bar and no parameter editors, so the figure gets their room.
  await page.evaluate(() => window.pelab.setState({ controls: 0 }));
  await settle(page);
  const figureOnly = (await page.evaluate(() => window.pelab.layout()))[0];
  assert.ok(figureOnly.y + figureOnly.h > withControls.y + withControls.h + 10 || figureOnly.y < withControls.y - 10,
    `controls=0 frees room: ${JSON.stringify(withControls)} → ${JSON.stringify(figureOnly)}`);
  // fontscale=1.6: larger text (titles, labels), so the figure's box moves or shrinks.
  await page.evaluate(() => window.pelab.setState({ fontscale: 1.6 }));
  await settle(page);
  const large = (await page.evaluate(() => window.pelab.layout()))[0];
  assert.notDeepEqual([large.x, large.y, large.w, large.h], [figureOnly.x, figureOnly.y, figureOnly.w, figureOnly.h],
    'fontscale changes the layout');
  assert.match(await page.evaluate(() => location.hash), /theme=contrast/);
  assert.match(await page.evaluate(() => location.hash), /controls=0/);
  assert.match(await page.evaluate(() => location.hash), /fontscale=1\.6/);
  assert.equal(await page.evaluate(() => window.pelab.state().step), 3);
  assert.deepEqual(await page.evaluate(() => window.pelab.notices()), []);
  await embed.close();

  // 320×240: still renders without errors and shows content.
  const small = await browser.newContext({ viewport: { width: 320, height: 240 } });
  const sp = await small.newPage();
  const errors = [];
  sp.on('pageerror', (e) => errors.push(String(e)));
  await sp.goto(server.url + 'embed.html#lesson=f-delta&step=4&lang=zh');
  await sp.waitForFunction(() => window.pelab && window.pelab.frames() > 0);
  await settle(sp);
  const png = await screenshotPng(sp);
  const colours = new Set();
  for (let y = 0; y < png.height; y += 5) for (let x = 0; x < png.width; x += 5) colours.add(pixel(png, x, y).join());
  assert.ok(colours.size > 15, `small iframe shows content (${colours.size})`);
  assert.deepEqual(errors, []);
  await small.close();
});

test('PNG export of a figure at 2× decodes to a non-blank image of the right size', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&lang=en');
  await settle(page);
  const fig = (await page.evaluate(() => window.pelab.layout()))[0];
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate(() => window.pelab.exportPng(0, 2)),
  ]);
  assert.match(download.suggestedFilename(), /^pelab-f-delta-step4-view1\.2x\.png$/);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const png = PNG.sync.read(Buffer.concat(chunks));
  assert.ok(png.width >= 2 * fig.w && png.height >= 2 * fig.h, `${png.width}×${png.height} for a ${fig.w}×${fig.h} plot`);
  const colours = new Set();
  for (let y = 0; y < png.height; y += 4) for (let x = 0; x < png.width; x += 4) colours.add(pixel(png, x, y).join());
  assert.ok(colours.size > 50, `exported figure has content (${colours.size} colours)`);
  await page.context().close();
});

// f-delta step 4 at L = 4 with the default ω = (π/2, π/3) and v = (1, 0, 1, 0): F(q, k) = f(q − k) with
// f(Δ) = cos(Δπ/2) + cos(Δπ/3), computed here from that definition.
const fDelta = (d) => Math.cos((d * Math.PI) / 2) + Math.cos((d * Math.PI) / 3);

async function downloaded(page, trigger) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.evaluate(trigger)]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

test('export: CSV, JSON and LaTeX downloads hold the figure, the clipboard gets the same, copy link reopens the view', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&L=4&lang=en');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
  await settle(page);
  const want = [0, 1, 2, 3].map((q) => [0, 1, 2, 3].map((k) => fDelta(q - k)));

  const json = await downloaded(page, () => window.pelab.exportText(0, 'json'));
  assert.equal(json.name, 'pelab-f-delta-step4-view1.json');
  const parsed = JSON.parse(json.text);
  assert.equal(parsed.lesson, 'f-delta');
  assert.equal(parsed.step, 4);
  assert.deepEqual(parsed.shape, [4, 4]);
  parsed.data.forEach((row, q) => row.forEach((x, k) => assert.ok(Math.abs(x - want[q][k]) < 1e-15, `JSON F(${q},${k}) = ${x}`)));

  const csv = await downloaded(page, () => window.pelab.exportText(0, 'csv'));
  assert.equal(csv.name, 'pelab-f-delta-step4-view1.csv');
  const lines = csv.text.trim().split('\n');
  const body = lines.slice(lines.length - 4).map((l) => l.split(',').slice(-4).map(Number));
  body.forEach((row, q) => row.forEach((x, k) => assert.ok(Math.abs(x - want[q][k]) < 1e-15, `CSV F(${q},${k}) = ${x}`)));

  // LaTeX: a bmatrix with 4 significant digits (docs/embedding.md: "LaTeX, which uses 4 for slides").
  const tex = await downloaded(page, () => window.pelab.exportText(0, 'latex'));
  assert.equal(tex.name, 'pelab-f-delta-step4-view1.tex');
  assert.match(tex.text, /^\\begin\{bmatrix\}\n[\s\S]*\\end\{bmatrix\}\n$/);
  const texRows = tex.text.split('\n').slice(1, 5).map((l) => l.replace(/\\\\\s*$/, '').split('&').map((c) => c.trim()));
  texRows.forEach((row, q) => row.forEach((cell, k) => {
    const v = Math.abs(want[q][k]) < 1e-12 ? 0 : want[q][k];
    assert.equal(Number(cell), Number(v.toPrecision(4)), `LaTeX F(${q},${k}) = ${cell}`);
    assert.ok(cell.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length <= 4, `4 significant digits: ${cell}`);
  }));

  // The clipboard: "copy JSON" puts the same text there as the download.
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await page.evaluate(() => window.pelab.exportText(0, 'json', true));
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t !== 'before'), null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), json.text);

  // Copy link: the address of this exact view; opened in a new page it shows the same state.
  await page.evaluate(() => window.pelab.setState({ params: { L: 3 } }));
  await settle(page);
  await page.evaluate(() => window.pelab.copyLink());
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('#')), null, { timeout: 10000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.startsWith(server.url), link);
  const state = await page.evaluate(() => window.pelab.state());
  const copy = await page.context().newPage();
  await copy.goto(link);
  await copy.waitForFunction(() => window.pelab && window.pelab.frames() > 0, null, { timeout: 20000 });
  assert.deepEqual(await copy.evaluate(() => window.pelab.state()), state);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the step title and text are mirrored into the DOM (aria-live) and follow navigation', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en');
  await settle(page);
  const mirror = page.locator('.pelab-text');
  assert.equal(await mirror.getAttribute('aria-live'), 'polite');
  const first = await page.locator('.pelab-text h2').innerText();
  assert.ok(first.length > 3);
  // The takeaway first (the step's point and reason), then the text.
  assert.ok((await page.locator('.pelab-text p.pelab-takeaway').innerText()).length > 24);
  assert.ok((await page.locator('.pelab-text p:not(.pelab-takeaway)').innerText()).length > 40);
  await page.evaluate(() => window.pelab.setState({ step: 2, lang: 'zh' }));
  await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.querySelector('.pelab-text h2').textContent));
  assert.match(await page.locator('.pelab-text h2').innerText(), /[\u4e00-\u9fff]/, 'Chinese title after lang=zh');
  await page.context().close();
});

test('WebGL context loss and restore: the widget recovers with its state intact', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&L=5&lang=en');
  await settle(page);
  await page.evaluate(() => {
    window.loser = document.querySelector('.pelab-canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
    window.loser.loseContext();
  });
  await page.waitForFunction(() => document.querySelector('.pelab-canvas').getContext('webgl2').isContextLost());
  const framesWhileLost = await page.evaluate(() => window.pelab.frames());
  await page.evaluate(() => window.loser.restoreContext());
  // A frame is drawn after the restore (the counter moves past its value while the context was lost).
  await page.waitForFunction((n) => window.pelab.frames() > n, framesWhileLost, { timeout: 20000 });
  assert.equal(await page.evaluate(() => document.querySelector('.pelab-canvas').getContext('webgl2').isContextLost()), false);
  await settle(page);
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.params.L, 5);
  // The heatmap is drawn again: its peak cell is red.
  const hm = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'heatmap');
  const png = await screenshotPng(page);
  const c = pixel(png, hm.x + hm.w / 5 * 0.2, hm.y + hm.h / 5 * 0.2);
  assert.ok(c[0] > c[2] + 60, `peak cell red after restore: ${c}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('hostile hashes: the page stays alive and shows a notice each time', async () => {
  const hostile = [
    'step=0', 'step=-1e309', 'L=99999999999999999999999', 'L=0x10', 'omega=' + '1,'.repeat(3000) + '1',
    '%00=%00', 'lesson=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'steps=5-3', 'steps=a-b', 'theme=neon',
    'fontscale=100', 'fontscale=NaN', '=&&&==', 'v=1e308,1e308,-1e308,nan', 'lang=%F0%9F%98%80', 'seed=1.5',
    'controls=yes', 'embed=2', '%ZZ=1', 'omega=,,,', 'L=' + '9'.repeat(5000),
  ];
  const page = await openWidget(browser, server.url, 'lesson=f-delta&lang=en');
  for (const h of hostile) {
    await page.evaluate((hash) => { location.hash = '#' + hash; }, h);
    await page.waitForFunction(() => window.pelab.notices().length > 0, null, { timeout: 15000 })
      .catch(() => assert.fail(`no notice for ${h.slice(0, 60)}`));
    const s = await page.evaluate(() => window.pelab.state());
    assert.equal(s.lesson, 'f-delta', h.slice(0, 60));
    // The widget keeps working after each one: a state change is applied and drawn.
    const drawn = await page.evaluate(() => window.pelab.frames());
    await page.evaluate(() => window.pelab.setState({ step: 2 }));
    await page.waitForFunction((n) => window.pelab.frames() > n && window.pelab.state().step === 2, drawn, { timeout: 10000 });
    // Clear the notices for the next hash (the dismiss button's function).
    await page.evaluate(() => window.pelab.dismissNotices());
  }
  assert.deepEqual(page.errors, []);
  await settle(page);
  const png = await screenshotPng(page);
  const colours = new Set();
  for (let y = 0; y < png.height; y += 13) for (let x = 0; x < png.width; x += 13) colours.add(pixel(png, x, y).join());
  assert.ok(colours.size > 20, 'still rendering');
  await page.context().close();
});

test('heatmap zoom and pan: wheel zooms about the pointer, drag pans, pinch zooms, double click resets', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(server.url + 'index.html#lesson=f-delta&step=4&L=32&lang=en');
  await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0);
  await settle(page);
  const hm = async () => (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'heatmap');
  let h = await hm();
  assert.equal(h.zoom, 1);
  const cx = h.x + h.w * 0.25, cy = h.y + h.h * 0.25;
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 4; ++i) {  // four wheel notches
    await page.mouse.wheel(0, -100);
    await settle(page);
  }
  h = await hm();
  assert.ok(h.zoom > 1.5, `wheel zoomed in (${h.zoom})`);
  assert.ok(h.window[0] < 0.3 && h.window[1] < 0.3, `zoomed about the pointer: ${h.window}`);
  // Drag pans the window the other way.
  const before = h.window[0];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 120, cy, { steps: 6 });
  await page.mouse.up();
  await settle(page);
  h = await hm();
  assert.ok(h.window[0] > before + 0.01, `drag panned right: ${before} → ${h.window[0]}`);
  await page.mouse.dblclick(cx, cy);
  await settle(page);
  assert.equal((await hm()).zoom, 1, 'double click resets');
  // Pinch (two fingers moving apart) zooms in.
  const cdp = await context.newCDPSession(page);
  const mid = { x: h.x + h.w / 2, y: h.y + h.h / 2 };
  const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x: mid.x - d, y: mid.y, id: 1 }, { x: mid.x + d, y: mid.y, id: 2 }] });
  await touch('touchStart', 20);
  for (let d = 30; d <= 160; d += 10) await touch('touchMove', d);
  await touch('touchEnd', 0);
  await settle(page);
  assert.ok((await hm()).zoom > 1.2, `pinch zoomed in (${(await hm()).zoom})`);
  await context.close();
});

test('several widgets mounted directly in one page: independent instances, keys go to the focused one', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + 'index.html#lesson=f-delta');  // same origin; the body is replaced below
  await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0);
  const pageHash = await page.evaluate(() => location.hash);
  await page.evaluate(async () => {
    document.documentElement.style.overflow = 'auto';
    document.body.innerHTML = '<div id="a" style="height:460px"></div><div id="b" style="height:460px"></div>';
    window.a = PELab.mount(document.getElementById('a'), { query: 'lesson=f-delta&step=2&lang=en&embed=1' });
    window.b = PELab.mount(document.getElementById('b'), { query: 'lesson=f-delta&step=5&lang=zh&embed=1' });
    await Promise.all([window.a.ready, window.b.ready]);
  });
  assert.deepEqual(await page.evaluate(() => [a.state().step, b.state().step]), [2, 5]);
  assert.deepEqual(await page.evaluate(() => [a.state().lang, b.state().lang]), ['en', 'zh']);
  await page.evaluate(() => a.setState({ step: 3 }));
  await page.waitForFunction(() => a.state().step === 3);
  assert.equal(await page.evaluate(() => b.state().step), 5, 'b is untouched');
  // Keys: only the focused canvas reacts.
  await page.locator('#b canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => b.state().step === 6);
  assert.equal(await page.evaluate(() => a.state().step), 3, 'a ignores keys aimed at b');
  // The hash belongs to the page, not to mounted widgets.
  assert.equal(await page.evaluate(() => location.hash), pageHash);
  assert.deepEqual(errors, []);
  await context.close();
});

test('print shows the step text and a picture of the figure', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&lang=en');
  await settle(page);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.waitForFunction(() => document.querySelector('.pelab-print-figure').src.startsWith('data:image/png'));
  assert.ok(await page.locator('.pelab-text h2').isVisible(), 'step title printed');
  assert.ok(await page.locator('.pelab-print-figure').isVisible(), 'figure printed');
  const size = await page.evaluate(() => {
    const img = document.querySelector('.pelab-print-figure');
    return img.complete ? [img.naturalWidth, img.naturalHeight] : [0, 0];
  });
  assert.ok(size[0] > 100 && size[1] > 100, `figure image ${size}`);
  await page.context().close();
});

test('eight widgets on one page all get ready and idle at zero frames', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + 'index.html#lesson=f-delta');
  await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0);
  const lessons = await page.evaluate(() => window.pelab.lessons().map((l) => l.id));
  await page.evaluate(async (ids) => {
    document.documentElement.style.overflow = 'auto';
    document.body.innerHTML = '';
    window.widgets = [];
    for (let i = 0; i < 8; ++i) {
      const div = document.createElement('div');
      div.style.cssText = 'display:inline-block;width:340px;height:240px;margin:2px';
      document.body.appendChild(div);
      window.widgets.push(PELab.mount(div, { query: `lesson=${ids[i % ids.length]}&embed=1&controls=0&lang=en` }));
    }
    await Promise.all(window.widgets.map((w) => w.ready));
  }, lessons);
  const frames = () => page.evaluate(() => window.widgets.map((w) => w.frames()));
  const before = await untilStill(frames);
  assert.ok(before.every((f) => f > 0), `all eight rendered: ${before}`);
  await sleep(2000);
  assert.deepEqual(await frames(), before, 'no frames while idle');
  assert.deepEqual(errors, []);
  await context.close();
});
