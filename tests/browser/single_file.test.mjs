// PE Lab — tests/browser/single_file.test.mjs
// The offline single file (made by the web build from its own files): build/web/pelab.html opened straight from file://, with every
// request that is not file:/data:/blob: aborted and the browser context offline. The widget must start,
// restore the deep link, draw (frames > 0, a heatmap in the layout) and never ask the network for anything.
// Needs `cmake --workflow --preset web` first. Run with `node --test`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, repoRoot, settle } from './lib.mjs';

const singleFile = process.env.PELAB_SINGLE_FILE_HTML || path.join(repoRoot, 'build/web/pelab.html');
const LOCAL = /^(file|data|blob):/;

let browser;
before(async () => {
  assert.ok(fs.existsSync(singleFile), `${singleFile} is missing; run: cmake --workflow --preset web`);
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

test('the single file holds everything: no script, stylesheet or wasm is referenced by URL', () => {
  const html = fs.readFileSync(singleFile, 'utf8');
  assert.doesNotMatch(html, /<script\b[^>]*\bsrc\s*=/i, 'every <script> is inline');
  assert.doesNotMatch(html, /<link\b[^>]*rel\s*=\s*["']?(stylesheet|preload)/i, 'no stylesheet or preload link');
  assert.match(html, /<script type="application\/octet-stream" id="pelab-wasm">\n[A-Za-z0-9+\/=\n]{100000,}\n<\/script>/,
               'the wasm is inside, as base64 in the data block widget.js compiles');
  assert.doesNotMatch(html, /\beval\(|new Function\b/, 'no eval/new Function (built with -sDYNAMIC_EXECUTION=0)');
});

test('pelab.html opens from file:// offline: ready, deep link restored, heatmap drawn, no request leaves', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', offline: true });
  const requests = [];
  const blocked = [];
  context.on('request', (r) => requests.push(r.url()));
  await context.route('**', (route) => {
    const url = route.request().url();
    if (LOCAL.test(url)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });

  const url = pathToFileURL(singleFile).href + '#lesson=f-delta&step=4&lang=en';
  await page.goto(url);
  await page.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 30000 });
  await page.evaluate(() => window.pelab.ready);
  await settle(page);

  const s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 'f-delta');
  assert.equal(s.step, 4);
  assert.equal(s.lang, 'en');
  assert.ok(await page.evaluate(() => window.pelab.frames()) > 0, 'frames rendered');
  const layout = await page.evaluate(() => window.pelab.layout());
  assert.ok(layout.some((v) => v.kind === 'heatmap' && v.w > 0 && v.h > 0),
    'a heatmap is drawn: ' + JSON.stringify(layout));
  assert.deepEqual(await page.evaluate(() => window.pelab.notices()), []);

  // Navigating keeps working offline (the state lives in the page, not on a server).
  await page.evaluate(() => window.pelab.setState({ step: 5 }));
  await settle(page);
  assert.equal((await page.evaluate(() => window.pelab.state())).step, 5);

  assert.deepEqual(blocked, [], 'requests that would have needed the network');
  assert.deepEqual(requests.filter((u) => !LOCAL.test(u)), [], 'every request is local');
  assert.deepEqual(errors, []);
  await context.close();
});
