// PE Lab — tests/browser/posmap.test.mjs
// Long-sequence position maps in the browser (WebGL2 on SwiftShader): GPU tiles read back and compared
// with the core within the stated tolerance; the map page opens from `map=` over a lesson and returns
// to it; the map is drawn, zooms to single cells with the wheel and shows values on hover.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openWidget, settle, screenshotPng, pixel, saveArtifact } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

test('GPU tiles of every map at L=65,536 match the core within tolerance (SwiftShader)', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&map=rope&L=65536&lang=en');
  const report = await page.evaluate(() => window.pelab.gpuCheck());
  assert.ok(report, 'gpuCheck returned nothing');
  assert.ok(report.tiles.length >= 20, `tiles: ${report.tiles.length}`);
  for (const t of report.tiles) {
    assert.ok(t.ok, `${t.case}: ${JSON.stringify(t)} on ${report.renderer}`);
    assert.ok(t.pixels > 1000, `${t.case}: only ${t.pixels} pixels compared`);
  }
  assert.ok(report.ok);
  const kinds = new Set(report.tiles.map((t) => t.case.split(' ')[0].split('-')[0]));
  assert.deepEqual([...kinds].sort(), ['alibi', 'rope', 'shaw', 'sinusoidal', 't5']);
  // After the offscreen renders the widget still draws.
  await settle(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('map= opens the long-sequence page over a lesson; the URL keeps both; lesson= returns', async () => {
  const page = await openWidget(browser, server.url, 'lesson=t5-bias&map=t5&L=65536&max_distance=4096&lang=en');
  let s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 't5-bias');
  assert.equal(s.params.map, 't5');
  assert.equal(s.params.L, 65536);
  assert.equal(s.params.max_distance, 4096);
  assert.deepEqual(await page.evaluate(() => window.pelab.notices()), []);
  await settle(page);
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /lesson=t5-bias/);
  assert.match(hash, /map=t5/);
  await page.evaluate(() => window.pelab.setState({ map: 'alibi', heads: 12, head: 3 }));
  await settle(page);
  s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.params.map, 'alibi');
  assert.equal(s.params.L, 65536, 'changing the map keeps the other map parameters');
  await page.evaluate(() => window.pelab.setState({ lesson: 't5-bias' }));
  await settle(page);
  s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 't5-bias');
  assert.equal(s.params.map, undefined, 'back in the lesson: its own parameters');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the map is drawn at L=65,536, zooms to single cells with the wheel and shows values on hover', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&map=rope&L=65536&lang=en', { width: 1280, height: 1200 });
  await settle(page);
  let fig = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'posmap');
  assert.ok(fig, 'no position map in the layout');
  assert.equal(fig.rows, 65536);
  let png = await screenshotPng(page);
  // The main diagonal (Δ = 0: |q|², the largest score) is deep red; a far off-diagonal cell is pale.
  const diag = pixel(png, fig.x + fig.w * 0.5, fig.y + fig.h * 0.5);
  assert.ok(diag[0] > 150 && diag[0] > diag[2] + 80, `diagonal red: ${diag}`);
  // Zoom in about the top-left corner until single cells are visible.
  await page.mouse.move(fig.x + 2, fig.y + 2);
  for (let k = 0; k < 60; ++k) await page.mouse.wheel(0, -120);
  await settle(page, 400, 20000);
  fig = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'posmap');
  const cellsShown = (fig.window[2] - fig.window[0]) * 65536;
  assert.ok(cellsShown <= 8, `zoomed to ${cellsShown} cells`);
  saveArtifact('posmap-zoomed.png', await page.screenshot());
  // Hovering a cell opens a tooltip (reference and float32 values) next to the pointer.
  const before = await screenshotPng(page);
  await page.mouse.move(fig.x + fig.w * 0.3, fig.y + fig.h * 0.3);
  await settle(page);
  const after = await screenshotPng(page);
  let changed = 0;
  for (let y = fig.y + fig.h * 0.3 + 20; y < fig.y + fig.h * 0.3 + 60; y += 3)
    for (let x = fig.x + fig.w * 0.3 + 20; x < fig.x + fig.w * 0.3 + 200; x += 3)
      if (pixel(before, x, y).join() !== pixel(after, x, y).join()) ++changed;
  assert.ok(changed > 50, `tooltip drawn (${changed} pixels changed)`);
  saveArtifact('posmap-hover.png', await page.screenshot());
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('every step of the map page opens by deep link for every map, in zh and en, without notices', async () => {
  const page = await openWidget(browser, server.url, 'lang=en');
  for (const map of ['sinusoidal', 'rope', 'alibi', 't5', 'shaw']) {
    for (let step = 1; step <= 3; ++step) {
      const lang = (step + map.length) % 2 ? 'zh' : 'en';
      await page.goto('about:blank');
      // RoPE and ALiBi show their row softmax on step 1 (the core's normalisers, the shader's exp).
      const softmax = step === 1 && (map === 'rope' || map === 'alibi') ? '&softmax=1' : '';
      await page.goto(`${server.url}index.html#lesson=rope&map=${map}&step=${step}&L=65536&lang=${lang}${softmax}`);
      await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0, null, { timeout: 20000 });
      await settle(page);
      const where = `${map} step ${step} (${lang})`;
      const s = await page.evaluate(() => window.pelab.state());
      assert.equal(s.params.map, map, where);
      assert.equal(s.step, step, where);
      assert.deepEqual(await page.evaluate(() => window.pelab.notices()), [], where);
      const figs = await page.evaluate(() => window.pelab.layout());
      assert.ok(figs.length >= 1 && figs.every((f) => f.w > 50 && f.h > 50), `${where}: ${JSON.stringify(figs)}`);
    }
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
