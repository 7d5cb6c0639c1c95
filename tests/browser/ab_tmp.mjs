import { serve, launch } from './lib.mjs';
const oldDist = '/tmp/base/build/web/dist', newDist = '/work/main/build/web/dist';
const [so, sn] = [await serve(oldDist), await serve(newDist)];
const browser = await launch();
async function load(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 30000 });
  const t = await page.evaluate(() => window.pelab.ready.then(() => { const m = {}; for (const e of performance.getEntriesByType('mark')) if (!(e.name in m)) m[e.name.slice(6)] = Math.round(e.startTime); m.ready = Math.round(window.pelab.readyAt); return m; }));
  await context.close();
  return t;
}
const FLOOR = '<!doctype html><canvas width=1280 height=800></canvas><script>window.s=performance.now();document.querySelector("canvas").getContext("webgl2");window.c=performance.now();</script>';
async function floor() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(sn.url + 'floor.html', (r) => r.fulfill({ contentType: 'text/html', body: FLOOR }));
  const page = await context.newPage(); await page.goto(sn.url + 'floor.html');
  await page.waitForFunction(() => window.c !== undefined); const t = await page.evaluate(() => window.c); await context.close(); return t;
}
const med0 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const med = (xs) => med0(xs.map((x) => typeof x === 'number' ? x : x.ready));
await load(sn.url + 'index.html#lesson=f-delta&step=4&lang=en');
const r = { old_en: [], new_en: [], old_zh: [], new_zh: [], floor: [] };
for (let i = 0; i < 9; ++i) {
  for (const lang of ['en', 'zh']) {
    r['old_' + lang].push(await load(so.url + `index.html#lesson=f-delta&step=4&lang=${lang}`));
    r['new_' + lang].push(await load(sn.url + `index.html#lesson=f-delta&step=4&lang=${lang}`));
  }
  r.floor.push(await floor());
}
const f = med(r.floor);
for (const k of Object.keys(r)) if (k !== 'floor') { const names = Object.keys(r[k][0]); console.log(k, names.map((n) => n + ' ' + med0(r[k].map((x) => x[n] ?? NaN))).join(', ')); }
for (const k of Object.keys(r)) console.log(k.padEnd(8), med(r[k]).toFixed(0), 'ms median of 9', k === 'floor' ? '' : (med(r[k]) / f).toFixed(2) + 'x the floor', r[k].map((x) => (typeof x === 'number' ? x : x.ready).toFixed(0)).join(','));
await browser.close(); await so.close(); await sn.close();
