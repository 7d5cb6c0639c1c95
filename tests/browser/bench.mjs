// PE Lab — tests/browser/bench.mjs
// Prints the web figures (no assertions: figures, not flaky timed tests):
//   bundle size (gzip -9 of everything the page downloads), navigation → first frame (median of 5),
//   frames rendered during 2 s idle, and recompute time after a parameter change at L=512, d=128
//   (setState → the next frame drawn with the new views; median of 9 changes); time to ready for a hash of
//   5,000 and of 100,000 distinct bad keys (issue 10: the input limits keep both near a normal load).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch, openWidget, settle, distDir } from './lib.mjs';

const TARGET_BYTES = 1.0e6;

function bundleSizes() {
  const rows = [];
  for (const name of fs.readdirSync(distDir).sort()) {
    const file = path.join(distDir, name);
    if (!fs.statSync(file).isFile()) continue;
    const raw = fs.readFileSync(file);
    rows.push({ name, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length });
  }
  return rows;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

const rows = bundleSizes();
const total = rows.reduce((a, r) => a + r.gzip, 0);
console.log('PE Lab web benchmark');
console.log('--------------------');
for (const r of rows) console.log(`  ${r.name.padEnd(14)} ${String(r.raw).padStart(9)} B raw ${String(r.gzip).padStart(9)} B gzip`);
console.log(`bundle (gzip, all files)      ${(total / 1e6).toFixed(3)} MB   (target <= ${(TARGET_BYTES / 1e6).toFixed(1)} MB)`);

const server = await serve();
const browser = await launch();
try {
  const times = [];
  for (let i = 0; i < 5; ++i) {
    const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&lang=en');
    // performance.now() is measured from navigation start; pelab.ready resolves after the first frame.
    times.push(await page.evaluate(() => window.pelab.ready.then(() => window.pelab.readyAt || performance.now())));
    await page.context().close();
  }
  console.log(`navigation -> first frame     ${median(times).toFixed(0)} ms median of 5 (${times.map((t) => t.toFixed(0)).join(', ')}; target <= 700 ms)`);

  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=4&lang=en');
  await settle(page, 500);
  const f0 = await page.evaluate(() => window.pelab.frames());
  await new Promise((r) => setTimeout(r, 2000));
  const f1 = await page.evaluate(() => window.pelab.frames());
  console.log(`frames rendered in 2 s idle   ${f1 - f0}   (target 0)`);
  await page.context().close();

  // Recompute after a parameter change: the seed of q and k changes, every view of the step is rebuilt
  // by the core (wasm) and drawn. Long-sequence RoPE map and its distance profile at L=512, d=128.
  for (const [label, hash] of [
    ['RoPE map page, step 1', 'lesson=rope&map=rope&L=512&d=128&step=1&lang=en'],
    ['RoPE map page, step 3 (profile)', 'lesson=rope&map=rope&L=512&d=128&step=3&lang=en'],
  ]) {
    const p = await openWidget(browser, server.url, hash);
    await settle(p, 300);
    const ms = [];
    for (let seed = 2; seed < 11; ++seed) {
      ms.push(await p.evaluate((sd) => new Promise((resolve) => {
        const f0 = window.pelab.frames();
        const t0 = performance.now();
        window.pelab.setState({ seed: sd });
        const poll = () => (window.pelab.frames() > f0 && window.pelab.state().params.seed === sd)
          ? resolve(performance.now() - t0) : requestAnimationFrame(poll);
        requestAnimationFrame(poll);
      }), seed));
      await settle(p, 200);
    }
    console.log(`recompute L=512 d=128         ${median(ms).toFixed(1)} ms median of 9   (${label}; includes the wait for the next animation frame)`);
    await p.context().close();
  }

  // Hostile hashes: 5,000 bad keys (under the 64 KiB limit: 256 read, the rest counted) and 100,000 (over
  // it: refused whole). Navigation → first frame, median of 3, with the notices the widget ends up with.
  for (const n of [5000, 100000]) {
    const hash = Array.from({ length: n }, (_, i) => 'k' + i).join('&');
    const ready = [];
    let notices = 0;
    for (let i = 0; i < 3; ++i) {
      const p = await openWidget(browser, server.url, hash);
      ready.push(await p.evaluate(() => window.pelab.ready.then(() => window.pelab.readyAt || performance.now())));
      notices = await p.evaluate(() => window.pelab.notices().length);
      await p.context().close();
    }
    console.log(`ready with ${String(n).padStart(6)} bad keys     ${median(ready).toFixed(0)} ms median of 3 (${ready.map((t) => t.toFixed(0)).join(', ')}; ${(hash.length / 1024).toFixed(0)} KiB hash, ${notices} notices)`);
  }
} finally {
  await browser.close();
  await server.close();
}
