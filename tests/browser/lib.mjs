// PE Lab — tests/browser/lib.mjs
// Shared by the browser tests and the benchmark: a static file server for build/web/dist on
// 127.0.0.1 (correct MIME for .wasm), headless Debian Chromium via playwright-core, PNG pixel access.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const distDir = process.env.PELAB_DIST || path.join(repoRoot, 'build/web/dist');
export const artifactDir = path.join(repoRoot, 'build/test-artifacts');

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png', '.json': 'application/json', '.ttf': 'font/ttf',
};

// Serves `dir` on a free loopback port, with `headers` added to every answer (e.g. a Content-Security-Policy).
// Returns {url, close}.
export function serve(dir = distDir, headers = {}) {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.normalize(path.join(dir, urlPath));
    if (!file.startsWith(dir)) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end('not found'); return; }
      res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store', ...headers });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

// The flags DEVELOPERS.md asks for, plus SwiftShader's WebGL2 (no GPU here).
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-quic', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

export async function launch() {
  // playwright passes a fresh --user-data-dir of its own for every launch.
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: chromiumArgs, headless: true });
}

// Opens `hash` (without '#') and waits for pelab.ready. Returns the page.
export async function openWidget(browser, baseUrl, hash, { width = 1280, height = 800, scale = 1, locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, locale });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.errors = errors;
  await page.goto(baseUrl + 'index.html' + (hash ? '#' + hash : ''));
  await page.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.pelab.ready);
  return page;
}

// Waits until the widget has drawn everything asked of it: pelab.idle() (no frame requested) at three animation
// frames in a row, checked inside the page. An input event, setState or a resize requests a frame at once, and a
// ResizeObserver reports in the rendering step after the change, so three calm frames in a row leave nothing
// pending. Returns the frame count then. Throws when frames are still requested after `timeoutMs`: a widget that
// never settles is a failure, not something to wait out (the timeout is generous: a loaded 2-core machine
// renders slowly; a settled widget returns within a few frames).
export async function settle(page, timeoutMs = 20000) {
  const result = await page.evaluate((timeout) => new Promise((resolve) => {
    const t0 = performance.now();
    let calm = 0;
    const tick = () => {
      calm = window.pelab.idle() ? calm + 1 : 0;
      if (calm >= 3) resolve({ settled: true, frames: window.pelab.frames() });
      else if (performance.now() - t0 > timeout) resolve({ settled: false, frames: window.pelab.frames() });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), timeoutMs);
  if (!result.settled) throw new Error(`settle: frames still requested after ${timeoutMs} ms (now ${result.frames})`);
  return result.frames;
}

// Frames rendered in `idleMs` once the widget has settled: the "0 idle frames" figure. Settling first means no
// frame of the last change is still to come, so any frame counted here was drawn while nothing had changed.
export async function idleFrames(page, idleMs = 2000) {
  const before = await settle(page);
  await new Promise((r) => setTimeout(r, idleMs));
  return (await page.evaluate(() => window.pelab.frames())) - before;
}

export async function screenshotPng(page, clip) {
  const buf = await page.screenshot(clip ? { clip } : {});
  return PNG.sync.read(buf);
}

export function pixel(png, x, y) {
  const i = (png.width * Math.round(y) + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

// `name` may hold folders (screens/index-1280x720/rope-1.png): they are created.
export function saveArtifact(name, buffer) {
  const file = path.join(artifactDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buffer);
  return file;
}

export const tmpdir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pelab-'));

// Ends a benchmark: adds the machine it ran on (cores, CPU, load average, which the figures depend on) to
// `figures`, prints it and writes `figures` as one line of JSON to `jsonFile` when one was asked for.
export function reportFigures(figures, jsonFile) {
  figures.machine = `${os.cpus().length} cores, ${os.cpus()[0].model}, load average ` +
                    `${os.loadavg().map((x) => x.toFixed(2)).join(' ')} at the end`;
  console.log(`machine: ${figures.machine}`);
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(figures) + '\n');
}
