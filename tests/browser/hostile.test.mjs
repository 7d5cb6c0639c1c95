// PE Lab — tests/browser/hostile.test.mjs
// Hostile input at any size through every web door, in headless Chromium: 10 MB through
// postMessage, setState and PELab.mount's query, a hash as long as Chromium allows (set at load, by a
// hashchange and through an iframe's src), 5,000 and 100,000 distinct bad keys. Each case must end with a
// widget that still renders and answers, and one "input" notice instead of a corrupted or hung page.
// Who may drive an embed: a parent on another origin (a second local port) drives it; a sibling iframe and
// a window.open popup are ignored. Notices are plain text; mount() on an existing canvas styles it; the
// single-file build keeps a script with "<!--" in a u-flag regex running. Run with `node --test`.
//
// [SECTION] helpers
// [SECTION] long strings through each door
// [SECTION] many keys
// [SECTION] who may drive an embedded widget
// [SECTION] notices, mount, single file
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, launch, openWidget, settle, screenshotPng, pixel, repoRoot, tmpdir } from './lib.mjs';

// [SECTION] helpers
const TEN_MB = 10 * 1024 * 1024;
const LONG_HASH = 1900 * 1000;  // Chromium's URL limit is 2 MiB; this is as long as a hash gets
const TOO_LONG = /^input too long \([\d,]+ bytes, limit 65,536\)$/;

let server, other, browser;
before(async () => {
  server = await serve();
  other = await serve();  // a second port: another origin, for the framing page
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
  if (other) await other.close();
});

function manyKeys(n) {
  const parts = [];
  for (let i = 0; i < n; ++i) parts.push('k' + i);
  return parts.join('&');
}

// The widget API `window[name]` still answers state() and renders a change (frames grow).
async function assertAlive(page, name = 'pelab') {
  const state = await page.evaluate((n) => window[n].state(), name);
  assert.ok(state && typeof state.lesson === 'string' && state.step >= 1, 'answers state(): ' + JSON.stringify(state));
  const before = await page.evaluate((n) => window[n].frames(), name);
  const next = state.step === 1 ? 2 : 1;
  await page.evaluate(([n, s]) => window[n].setState({ step: s }), [name, next]);
  await page.waitForFunction(([n, s]) => window[n].state().step === s, [name, next], { timeout: 10000 });
  await page.waitForFunction(([n, f]) => window[n].frames() > f, [name, before], { timeout: 10000 });
}

async function assertDrawn(page) {
  await settle(page);
  const png = await screenshotPng(page);
  const colours = new Set();
  for (let y = 0; y < png.height; y += 13) for (let x = 0; x < png.width; x += 13) colours.add(pixel(png, x, y).join());
  assert.ok(colours.size > 20, `the canvas shows content (${colours.size} colours)`);
}

function tooLongNotices(notices) {
  return notices.filter((n) => n.key === 'input' && TOO_LONG.test(n.message));
}

// A framing page on `host` with the widget (embed.html on `server`) in iframe "w". Returns the page.
async function framingPage(host, hash = 'lesson=f-delta&step=2&lang=en') {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(host.url + 'index.html#lesson=f-delta');
  await page.evaluate((src) => {
    document.body.innerHTML = '';
    window.received = [];
    window.addEventListener('message', (e) => window.received.push(e.data));
    const f = document.createElement('iframe');
    f.name = 'w';
    f.id = 'w';
    f.style.cssText = 'width:900px;height:600px';
    f.src = src;
    document.body.appendChild(f);
  }, server.url + 'embed.html#' + hash);
  await page.waitForFunction(() => window.received.some((m) => m && m.type === 'pelab:ready'), null, { timeout: 20000 });
  return page;
}

// The widget's state as it answers pelab:getState to the framing page.
async function askState(page) {
  await page.evaluate(() => {
    window.received = [];
    document.getElementById('w').contentWindow.postMessage({ type: 'pelab:getState' }, '*');
  });
  await page.waitForFunction(() => window.received.some((m) => m && m.type === 'pelab:state'), null, { timeout: 10000 });
  return page.evaluate(() => window.received.find((m) => m.type === 'pelab:state').state);
}

function widgetFrame(page) {
  return page.frames().find((f) => f.name() === 'w');
}

// [SECTION] long strings through each door
test('10 MB through setState: one "input too long" notice, no copy onto the wasm stack, still renders', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=3&lang=en');
  await page.evaluate((n) => window.pelab.setState({ params: { omega: '1'.repeat(n) } }), TEN_MB);
  const notices = await page.evaluate(() => window.pelab.notices());
  assert.equal(tooLongNotices(notices).length, 1, JSON.stringify(notices).slice(0, 300));
  assert.ok(notices.length <= 12);
  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.step, 3, 'the refused input changed nothing');
  await assertAlive(page);
  await assertDrawn(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('10 MB through postMessage from the parent: refused, and pelab:getState is still answered', async () => {
  const page = await framingPage(server);
  await page.evaluate((n) => document.getElementById('w').contentWindow.postMessage(
    { type: 'pelab:setState', state: { lesson: 'rope', params: { L: '9'.repeat(n) } } }, '*'), TEN_MB);
  const frame = widgetFrame(page);
  await frame.waitForFunction(() => window.pelab.notices().some((n) => n.key === 'input'), null, { timeout: 20000 });
  assert.equal(tooLongNotices(await frame.evaluate(() => window.pelab.notices())).length, 1);
  const s = await askState(page);
  assert.equal(s.lesson, 'f-delta');
  assert.equal(s.step, 2);
  await assertAlive(frame);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('10 MB as PELab.mount(el, {query}): the widget starts with one notice and answers', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + 'index.html#lesson=f-delta');
  await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0, null, { timeout: 20000 });
  await page.evaluate(async (n) => {
    document.body.innerHTML = '<div id="m" style="width:800px;height:560px"></div>';
    window.m = PELab.mount(document.getElementById('m'), { query: 'L=' + '7'.repeat(n) });
    await window.m.ready;
  }, TEN_MB);
  assert.equal(tooLongNotices(await page.evaluate(() => window.m.notices())).length, 1);
  await assertAlive(page, 'm');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 1.9 MB hash at load and by hashchange: refused with one notice, the hash is rewritten, still renders', async () => {
  const huge = 'L=' + '8'.repeat(LONG_HASH);
  const page = await openWidget(browser, server.url, huge);
  assert.equal(tooLongNotices(await page.evaluate(() => window.pelab.notices())).length, 1);
  await page.waitForFunction(() => location.hash.length < 10000, null, { timeout: 10000 });
  await assertAlive(page);
  await page.evaluate(() => window.pelab.dismissNotices());
  await page.evaluate((h) => { location.hash = '#' + h; }, 'step=' + '4'.repeat(LONG_HASH));
  await page.waitForFunction(() => window.pelab.notices().some((n) => n.key === 'input'), null, { timeout: 20000 });
  assert.equal(tooLongNotices(await page.evaluate(() => window.pelab.notices())).length, 1);
  await page.waitForFunction(() => location.hash.length < 10000, null, { timeout: 10000 });
  await assertAlive(page);
  await assertDrawn(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the framing page sets the iframe src to #<1.9 MB>: refused, still answers', async () => {
  const page = await framingPage(other);
  await page.evaluate(([base, n]) => {
    window.received = [];
    document.getElementById('w').src = base + 'embed.html#step=' + '5'.repeat(n);
  }, [server.url, LONG_HASH]);
  const frame = widgetFrame(page);
  await frame.waitForFunction(() => window.pelab && window.pelab.notices().some((n) => n.key === 'input'), null, { timeout: 20000 });
  assert.equal(tooLongNotices(await frame.evaluate(() => window.pelab.notices())).length, 1);
  const s = await askState(page);
  assert.ok(s.step >= 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// [SECTION] many keys
test('5,000 distinct bad keys: ready, at most 12 notices, the rest counted in one notice', async () => {
  const page = await openWidget(browser, server.url, manyKeys(5000));
  const notices = await page.evaluate(() => window.pelab.notices());
  assert.ok(notices.length <= 12, `${notices.length} notices`);
  assert.ok(notices.some((n) => n.key === 'input' && n.message.includes('\u2026 and 4,744 more ignored')), JSON.stringify(notices));
  for (const n of notices.filter((x) => x.key !== 'input')) {
    assert.match(n.message, /unknown key \(nearest valid key: [A-Za-z_]+\); ignored$/, n.message);
    assert.ok(n.message.length < 120, n.message);
  }
  await assertAlive(page);
  await assertDrawn(page);
  await page.context().close();
});

test('100,000 distinct bad keys: ready, at most 12 notices, refused as too long', async () => {
  const page = await openWidget(browser, server.url, manyKeys(100000));
  const notices = await page.evaluate(() => window.pelab.notices());
  assert.ok(notices.length <= 12, `${notices.length} notices`);
  assert.equal(tooLongNotices(notices).length, 1, JSON.stringify(notices));
  await assertAlive(page);
  await page.context().close();
});

// [SECTION] who may drive an embedded widget
test('a parent on another origin drives the embed and gets its state back', async () => {
  const page = await framingPage(other);
  assert.notEqual(new URL(other.url).origin, new URL(server.url).origin);
  await page.evaluate(() => document.getElementById('w').contentWindow.postMessage(
    { type: 'pelab:setState', state: { step: 6, params: { L: 5 } } }, '*'));
  await page.waitForFunction(() => window.received.some((m) => m.type === 'pelab:state' && m.state.step === 6), null, { timeout: 10000 });
  const s = await askState(page);
  assert.equal(s.step, 6);
  assert.equal(s.params.L, 5);
  assert.deepEqual(Object.keys(s).sort(), ['lang', 'lesson', 'params', 'reveal', 'step', 'step_id'], 'replies carry the URL-visible state only');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a sibling iframe and a window.open popup are ignored', async () => {
  const page = await framingPage(other);
  // The sibling: same origin as the framing page, its own window as the message source.
  await page.evaluate(() => {
    const f = document.createElement('iframe');
    f.name = 'sibling';
    f.srcdoc = '<p>sibling</p>';
    document.body.appendChild(f);
  });
  await page.waitForFunction(() => document.querySelector('iframe[name=sibling]').contentDocument.readyState === 'complete');
  const sibling = page.frames().find((f) => f.name() === 'sibling');
  await sibling.evaluate(() => {
    parent.frames['w'].postMessage({ type: 'pelab:setState', state: { step: 7 } }, '*');
    parent.frames['w'].postMessage({ type: 'pelab:getState' }, '*');
  });
  // The popup: opened by the framing page, reaching the widget through its opener.
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((url) => { window.open(url, 'pop'); }, other.url + 'no-such-page'),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await popup.evaluate(() => { opener.frames['w'].postMessage({ type: 'pelab:setState', state: { step: 8, lesson: 'rope' } }, '*'); });
  await new Promise((r) => setTimeout(r, 500));
  const frame = widgetFrame(page);
  const s = await frame.evaluate(() => window.pelab.state());
  assert.equal(s.step, 2, 'neither the sibling nor the popup changed the step');
  assert.equal(s.lesson, 'f-delta');
  // The control: the same message from the parent is obeyed, so the channel itself works.
  await page.evaluate(() => document.getElementById('w').contentWindow.postMessage({ type: 'pelab:setState', state: { step: 7 } }, '*'));
  await frame.waitForFunction(() => window.pelab.state().step === 7, null, { timeout: 10000 });
  await popup.close();
  await page.context().close();
});

// [SECTION] notices, mount, single file
test('notices are plain text: markup in a key stays text when inserted with textContent', async () => {
  const page = await openWidget(browser, server.url, encodeURIComponent('<img src=x onerror=window.pwned=1>') + '=1');
  const notices = await page.evaluate(() => window.pelab.notices());
  const n = notices.find((x) => x.message.includes('unknown key'));
  assert.ok(n && n.message.includes('<img src=x onerror=window.pwned=1>'), JSON.stringify(notices));
  const result = await page.evaluate((text) => {
    const p = document.createElement('p');
    p.textContent = text;
    document.body.appendChild(p);
    return { images: p.querySelectorAll('img').length, shown: p.textContent };
  }, n.message);
  assert.equal(result.images, 0);
  assert.equal(result.shown, n.message);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.context().close();
});

test('mount() on a root that already holds a <canvas> gives it the widget canvas class (out of flow)', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  await page.goto(server.url + 'index.html#lesson=f-delta');
  await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0, null, { timeout: 20000 });
  const info = await page.evaluate(async () => {
    document.body.innerHTML = '<div id="r" style="width:640px;height:420px"><canvas id="own"></canvas></div>';
    const api = PELab.mount(document.getElementById('r'), { query: 'lesson=f-delta&step=2&embed=1' });
    await api.ready;
    const c = document.getElementById('own');
    const root = document.getElementById('r').getBoundingClientRect();
    return { same: api.canvas === c, cls: c.className, position: getComputedStyle(c).position, h: root.height };
  });
  assert.ok(info.same, 'the page\'s canvas is used');
  assert.match(info.cls, /\bpelab-canvas\b/);
  assert.equal(info.position, 'absolute');
  await new Promise((r) => setTimeout(r, 500));
  const h = await page.evaluate(() => document.getElementById('r').getBoundingClientRect().height);
  assert.equal(h, info.h, 'the root does not grow with its canvas');
  await context.close();
});

test('single-file build: a script with "<!--" in a u-flag regex and "</script>" in a string still runs', async () => {
  const dir = tmpdir();
  fs.writeFileSync(path.join(dir, 'page.html'),
    '<!doctype html>\n<html><body><p id="out">pending</p>\n<script src="tricky.js"></script>\n<script src="pelab.js"></script>\n</body></html>\n');
  fs.writeFileSync(path.join(dir, 'tricky.js'), [
    '// a comment that mentions <!-- and </script> and </SCRIPT >',
    'var re = /^<!--[\\s\\S]*-->$/u;',
    'var s = "</script><b>not markup</b>";',
    'window.trickyResult = re.test("<!-- x -->") && s.indexOf("<b>") === 9 && /<\\/script>/u.test(s);',
    'document.getElementById("out").textContent = String(window.trickyResult);',
  ].join('\n'));
  // Stand-ins for pelab.js and the pelab.wasm beside it (the script inlines the wasm as a base64 data block;
  // these 8 bytes are the smallest valid module: the magic number and the version).
  fs.writeFileSync(path.join(dir, 'pelab.js'), 'window.fakePelab = true;\n');
  fs.writeFileSync(path.join(dir, 'pelab.wasm'), Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
  // And the texts' files beside it (scripts/language_texts.py), inlined the same way: empty ones will do.
  const emptyTexts = Buffer.from([...Buffer.from('PELANG1\0', 'latin1'), 0, 0, 0, 0]);
  for (const name of ['pelab-zh.lang', 'pelab-en.lang', 'pelab-mathml.data']) fs.writeFileSync(path.join(dir, name), emptyTexts);
  const out = path.join(dir, 'single.html');
  execFileSync('python3', [path.join(repoRoot, 'scripts/make_single_file.py'), '--page', path.join(dir, 'page.html'),
    '--search-dir', dir, '--output', out], { stdio: 'pipe' });
  const html = fs.readFileSync(out, 'utf8');
  assert.ok(html.includes('/^<!--[\\s\\S]*-->$/u'), 'the regex is kept byte for byte');
  assert.ok(!/<\/script>\s*<b>/i.test(html), 'the </script inside the string is escaped');
  assert.ok(html.includes('<script type="application/octet-stream" id="pelab-wasm">\nAGFzbQEAAAA=\n</script>'),
            'the wasm is inlined as base64 in the data block');
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(out).href);
  assert.equal(await page.evaluate(() => window.trickyResult), true, errors.join('; '));
  assert.equal(await page.evaluate(() => document.getElementById('out').textContent), 'true');
  assert.equal(await page.evaluate(() => document.querySelectorAll('b').length), 0);
  assert.deepEqual(errors, []);
  await context.close();
  // "<!--" together with "<script" cannot be inlined safely: refused, loudly.
  fs.writeFileSync(path.join(dir, 'tricky.js'), 'var a = "<!--<script>";\n');
  assert.throws(() => execFileSync('python3', [path.join(repoRoot, 'scripts/make_single_file.py'), '--page',
    path.join(dir, 'page.html'), '--search-dir', dir, '--output', out], { stdio: 'pipe' }), /<!--/);
});
