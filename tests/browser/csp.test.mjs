// PE Lab — tests/browser/csp.test.mjs
// Content-Security-Policy: the widget works under the policy that docs/embedding-security.md documents, with
// no violation reported, and the policy is no looser than it must be:
//   - build/web/dist served with the documented CSP header: ready, drawn, zero violations, no errors;
//   - the same without 'wasm-unsafe-eval': WebAssembly is refused (a control: the test sees violations);
//   - build/web/pelab.html served with a strict CSP that allows its inline scripts by sha256 hash
//     instead of 'unsafe-inline' (the alternative the document describes; skipped when the single file
//     build is absent).
// Each run also prints (beforeprint) and exports a PNG when the API has exportPng, the run-time paths that
// create images and downloads.
// Run with `node --test` after `cmake --workflow --preset web`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { launch, distDir, repoRoot, settle } from './lib.mjs';

// The line docs/embedding-security.md documents; keep the two in step (the test reads it from the doc).
const docFile = path.join(repoRoot, 'docs/embedding-security.md');
const singleFile = process.env.PELAB_SINGLE_FILE_HTML || path.join(repoRoot, 'build/web/pelab.html');

function documentedCsp() {
  const doc = fs.readFileSync(docFile, 'utf8');
  const m = doc.match(/^Content-Security-Policy: (.+)$/m);
  assert.ok(m, `${docFile} has a line "Content-Security-Policy: ..."`);
  return m[1].trim();
}

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm',
  '.css': 'text/css', '.png': 'image/png', '.json': 'application/json',
};

// A static server like lib.mjs's serve(), which sends `csp` as the Content-Security-Policy of every answer.
function serveWithCsp(dir, csp) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.normalize(path.join(root, urlPath));
    if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end('not found'); return; }
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': csp,
      });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

// Opens `url`, collecting CSP violations (the securitypolicyviolation event, registered before any page
// script runs), page errors and console errors. Resolves with what the page reached.
async function openUnderCsp(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  await page.goto(url);
  let ready = false;
  let exported = null;  // null: the API has no exportPng
  try {
    await page.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 20000 });
    ready = await page.evaluate(() => Promise.race([
      window.pelab.ready.then(() => true, () => false),
      new Promise((r) => setTimeout(() => r(false), 20000)),
    ]));
  } catch (e) {
    errors.push('wait: ' + e.message);
  }
  if (ready) {
    await settle(page);
    // The paths that make images and files at run time: the print picture (a data: URL) and a PNG export
    // (a blob: download), so that a policy that blocks them shows up here too.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    if (await page.evaluate(() => typeof window.pelab.exportPng === 'function')) {
      const download = page.waitForEvent('download', { timeout: 10000 }).catch(() => null);
      await page.evaluate(() => window.pelab.exportPng(0, 1));
      exported = (await download) !== null;
      if (!exported) errors.push('exportPng(0, 1) started no download');
    }
    await settle(page);
  }
  const result = {
    ready,
    violations: await page.evaluate(() => window.__cspViolations),
    errors,
    frames: ready ? await page.evaluate(() => window.pelab.frames()) : 0,
    layout: ready ? await page.evaluate(() => window.pelab.layout()) : [],
    state: ready ? await page.evaluate(() => window.pelab.state()) : null,
    exported,
  };
  await context.close();
  return result;
}

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

test('build/web/dist works under the documented CSP with no violation', async () => {
  const csp = documentedCsp();
  assert.doesNotMatch(csp, /'unsafe-eval'/, 'the documented policy never needs unsafe-eval');
  const server = await serveWithCsp(distDir, csp);
  try {
    const r = await openUnderCsp(server.url + 'index.html#lesson=f-delta&step=4&lang=en');
    assert.deepEqual(r.violations, []);
    assert.deepEqual(r.errors, []);
    assert.ok(r.ready, 'pelab.ready resolved');
    assert.equal(r.state.step, 4);
    assert.ok(r.frames > 0);
    assert.ok(r.layout.some((v) => v.kind === 'heatmap'), JSON.stringify(r.layout));
  } finally {
    await server.close();
  }
});

test("control: without 'wasm-unsafe-eval' the browser refuses the module, and the test sees it", async () => {
  const csp = documentedCsp().replace(/\s*'wasm-unsafe-eval'/, '');
  const server = await serveWithCsp(distDir, csp);
  try {
    const r = await openUnderCsp(server.url + 'index.html#lesson=f-delta&step=4&lang=en');
    assert.equal(r.ready, false, 'the widget cannot start without wasm-unsafe-eval');
    const refused = r.errors.some((e) => /WebAssembly|Content Security Policy|unsafe-eval/i.test(e));
    assert.ok(r.violations.length > 0 || refused,
      'a CSP refusal is reported: ' + JSON.stringify(r));
  } finally {
    await server.close();
  }
});

test('the single file works under a strict CSP that allows its inline scripts by hash', async (t) => {
  if (!fs.existsSync(singleFile)) {
    t.skip(`${singleFile} is missing (cmake --workflow --preset web)`);
    return;
  }
  const html = fs.readFileSync(singleFile, 'utf8');
  const hash = (body) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => hash(m[1]));
  assert.ok(scripts.length >= 2, 'pelab.js and widget.js are inline');
  // style-src 'unsafe-inline': widget.js adds its own <style> element at run time, which no hash in the
  // file covers (styles cannot run code).
  const csp = `default-src 'none'; script-src ${scripts.join(' ')} 'wasm-unsafe-eval'; ` +
              `style-src 'unsafe-inline'; img-src data:`;
  const dir = path.dirname(singleFile);
  const server = await serveWithCsp(dir, csp);
  try {
    const r = await openUnderCsp(server.url + path.basename(singleFile) + '#lesson=f-delta&step=4&lang=en');
    assert.deepEqual(r.violations, []);
    assert.deepEqual(r.errors, []);
    assert.ok(r.ready);
    assert.ok(r.frames > 0);
  } finally {
    await server.close();
  }
});
