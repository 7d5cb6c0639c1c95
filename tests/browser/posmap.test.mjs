// PE Lab — tests/browser/posmap.test.mjs
// Long-sequence position maps in the browser (WebGL2 on SwiftShader): GPU tiles read back and compared
// with the core within the stated tolerance, graded here (the exact list of 48 tiles, every pixel, each
// tile's error against its tolerance, printed); the map page opens from `map=` over a lesson and returns
// to it; the map is drawn (red diagonal, pale far corners), idles at 0 frames, zooms to single cells with
// the wheel, and its hover values (layout().hover) match the map's definition computed here.
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

// The tiles the check must render: every map case × every view, each once (48 today). The list lives here,
// not in the code under test, so a tile that goes missing fails; a new map or view is added here too.
const MAP_CASES = ['sinusoidal', 'rope', 'alibi', 't5', 'shaw', 'rope-yarn', 'rope-llama3', 'rope-dynamic',
  'sinusoidal-d512', 't5-causal', 'rope-yarn-softmax', 'alibi-softmax'];
const VIEWS = { 'whole L=65536': 63, 'corner 40 cells': 80, 'offset 30000.25,12345.5 span 7.5': 60, 'whole L=4097': 64 };
const INTEGER_MAPS = new Set(['t5', 'shaw', 't5-causal']);
// Box-filtered images: the core's map_pixels uploaded and read back, each pixel within float32
// rounding (pixels_over_bound = 0); their means are not integers, so the integer rule does not apply.
const FILTERED_VIEWS = { 'filter=box whole L=65536': 64, 'filter=box window 12345.5,30000.25 span 700.5': 64, 'filter=box whole L=4097': 64 };

// A map page at L = 65,536 computes its box-filtered image a band of rows per frame: settled means every band is
// done, which takes many frames of software rendering on a loaded 2-core machine (20 s was not always enough).
const kMapSettleMs = 60000;

test('GPU tiles of every map at L=65,536 match the core within tolerance (SwiftShader)', async (t) => {
  const page = await openWidget(browser, server.url, 'lesson=rope&map=rope&L=65536&lang=en');
  const report = await page.evaluate(() => window.pelab.gpuCheck());
  assert.ok(report, 'gpuCheck returned nothing');
  const expected = new Map();
  for (const m of MAP_CASES) for (const [v, side] of Object.entries(VIEWS)) expected.set(`${m} ${v}`, { m, side });
  for (const m of MAP_CASES) for (const [v, side] of Object.entries(FILTERED_VIEWS)) expected.set(`${m} ${v}`, { m, side, filtered: true });
  const names = report.tiles.map((tile) => tile.case);
  assert.deepEqual([...names].sort(), [...expected.keys()].sort(), `tiles on ${report.renderer}`);
  for (const tile of report.tiles) {
    const { m, side, filtered } = expected.get(tile.case);
    t.diagnostic(`${tile.case.padEnd(48)} max |error| ${tile.max_abs_error.toExponential(3)}  tolerance ${tile.tolerance.toExponential(3)}`);
    // Graded here, not by the tool's "ok": every pixel compared, no mask mismatch, error within tolerance.
    assert.equal(tile.side, side, tile.case);
    assert.equal(tile.pixels, side * side, `${tile.case}: ${tile.pixels} of ${side * side} pixels compared`);
    assert.equal(tile.mask_mismatches, 0, tile.case);
    assert.ok(tile.max_abs_error <= tile.tolerance, `${tile.case}: ${tile.max_abs_error} > ${tile.tolerance}`);
    if (filtered) assert.equal(tile.pixels_over_bound, 0, tile.case);
    else assert.equal(tile.tolerance === 0, INTEGER_MAPS.has(m), `${tile.case}: tolerance ${tile.tolerance}`);
    assert.equal(tile.ok, true, `${tile.case}: ${JSON.stringify(tile)}`);
  }
  assert.equal(report.ok, true);
  // After the offscreen renders the widget still draws.
  await settle(page, kMapSettleMs);
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
  await settle(page, kMapSettleMs);
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /lesson=t5-bias/);
  assert.match(hash, /map=t5/);
  await page.evaluate(() => window.pelab.setState({ map: 'alibi', heads: 12, head: 3 }));
  await settle(page, kMapSettleMs);
  s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.params.map, 'alibi');
  assert.equal(s.params.L, 65536, 'changing the map keeps the other map parameters');
  await page.evaluate(() => window.pelab.setState({ lesson: 't5-bias' }));
  await settle(page, kMapSettleMs);
  s = await page.evaluate(() => window.pelab.state());
  assert.equal(s.lesson, 't5-bias');
  assert.equal(s.params.map, undefined, 'back in the lesson: its own parameters');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the map is drawn at L=65,536, zooms to single cells with the wheel and shows values on hover', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&map=rope&L=65536&lang=en', { width: 1280, height: 1200 });
  await settle(page, kMapSettleMs);
  let fig = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'posmap');
  assert.ok(fig, 'no position map in the layout');
  assert.equal(fig.rows, 65536);
  let png = await screenshotPng(page);
  // The main diagonal (Δ = 0: |q|², the largest score) is deep red; the far off-diagonal corners
  // (|Δ| ≈ 65,000, where the scores of RoPE have decayed) are pale, near the white centre of the scale.
  const diag = pixel(png, fig.x + fig.w * 0.5, fig.y + fig.h * 0.5);
  assert.ok(diag[0] > 150 && diag[0] > diag[2] + 80, `diagonal red: ${diag}`);
  for (const [u, v] of [[0.97, 0.03], [0.03, 0.97]]) {
    const far = pixel(png, fig.x + fig.w * u, fig.y + fig.h * v);
    assert.ok(Math.min(...far) > 170 && Math.max(...far) - Math.min(...far) < 60, `far off-diagonal pale: ${far}`);
  }
  // 0 frames while the map page is idle (frame counter still for 1 s first, then 2 s counted).
  assert.equal(await idleFrames(page), 0, 'frames while the map page is idle');
  // Zoom in about the top-left corner until single cells are visible.
  await page.mouse.move(fig.x + 2, fig.y + 2);
  // Sixty wheel notches dispatched in one task: the widget reads them in one frame (one notch per event), so the
  // map is drawn once at its final zoom instead of once per notch (a minute of software rendering here).
  await page.evaluate(({ x, y }) => {
    for (let k = 0; k < 60; ++k) {
      window.pelab.canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -120, deltaMode: 0, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    }
  }, { x: fig.x + 2, y: fig.y + 2 });
  await settle(page, kMapSettleMs);
  fig = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'posmap');
  const cellsShown = (fig.window[2] - fig.window[0]) * 65536;
  assert.ok(cellsShown <= 8, `zoomed to ${cellsShown} cells`);
  saveArtifact('posmap-zoomed.png', await page.screenshot());
  // Hovering a cell opens its tooltip; layout().hover carries the tooltip's numbers. The cell must be the
  // one under the pointer, worked out here from the visible window.
  const mx = fig.x + fig.w * 0.3, my = fig.y + fig.h * 0.3;
  await page.mouse.move(mx, my);
  await settle(page, kMapSettleMs);
  fig = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'posmap');
  assert.ok(fig.hover, 'no hovered cell reported');
  const span = (fig.window[2] - fig.window[0]) * 65536;
  assert.equal(fig.hover.j, Math.floor(fig.window[0] * 65536 + ((mx - fig.x) / fig.w) * span));
  assert.equal(fig.hover.i, Math.floor(fig.window[1] * 65536 + ((my - fig.y) / fig.h) * span));
  assert.ok(Number.isFinite(fig.hover.reference) && Number.isFinite(fig.hover.float32), JSON.stringify(fig.hover));
  saveArtifact('posmap-hover.png', await page.screenshot());
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// The values a learner reads on hover, against the definition computed here in double: the sinusoidal
// map's cell (i, j) is PE_i · PE_j = Σ_p cos((i − j)·θ_p), θ_p = 10000^(−2p/d), d = 64. The float32 value
// must be within the tolerance of docs/position-maps.md#precision-contract, (n + 4)·2⁻²⁴·n of it, n = d/2 pairs.
test('hover shows the core value of the cell under the pointer (sinusoidal, checked against its definition)', async () => {
  const page = await openWidget(browser, server.url, 'lesson=absolute-pe&map=sinusoidal&L=4096&d=64&lang=en', { width: 1280, height: 1200 });
  await settle(page, kMapSettleMs);
  let fig = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'posmap');
  const gram = (delta) => { let s = 0; for (let p = 0; p < 32; ++p) s += Math.cos(delta * Math.pow(10000, -2 * p / 64)); return s; };
  const n = 32, tol = (n + 4) * Math.pow(2, -24) * n;
  let checked = 0;
  for (const [u, v] of [[0.1, 0.8], [0.5, 0.5], [0.9, 0.2], [0.33, 0.61]]) {
    await page.mouse.move(fig.x + fig.w * u, fig.y + fig.h * v);
    await settle(page, kMapSettleMs);
    fig = (await page.evaluate(() => window.pelab.layout())).find((f) => f.kind === 'posmap');
    assert.ok(fig.hover, `no hover at ${u},${v}`);
    const want = gram(fig.hover.i - fig.hover.j);
    assert.ok(Math.abs(fig.hover.reference - want) <= 1e-9 * (1 + Math.abs(want)), `(${fig.hover.i}, ${fig.hover.j}): ${fig.hover.reference} vs ${want}`);
    assert.ok(Math.abs(fig.hover.float32 - want) <= tol, `float32 ${fig.hover.float32} vs ${want} (tolerance ${tol})`);
    ++checked;
  }
  assert.equal(checked, 4);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('every step of the map page opens by deep link for every map, in zh and en, without notices', async () => {
  const page = await openWidget(browser, server.url, 'lang=en');
  for (const map of ['sinusoidal', 'rope', 'alibi', 't5', 'shaw']) {
    for (let step = 1; step <= 4; ++step) {
      const lang = (step + map.length) % 2 ? 'zh' : 'en';
      await page.goto('about:blank');
      // RoPE and ALiBi show their row softmax on step 1 (the core's normalisers, the shader's exp).
      const softmax = step === 1 && (map === 'rope' || map === 'alibi') ? '&softmax=1' : '';
      await page.goto(`${server.url}index.html#lesson=rope&map=${map}&step=${step}&L=65536&lang=${lang}${softmax}`);
      // The map goes on computing its box-filtered image a band of rows per frame, for many seconds beside another
      // test file; what this test checks (state, notices, the figures' places) is there from the first frames.
      await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0 &&
        window.pelab.layout().some((f) => f.kind !== 'equation'), null, { timeout: 20000 });
      const where = `${map} step ${step} (${lang})`;
      const s = await page.evaluate(() => window.pelab.state());
      assert.equal(s.params.map, map, where);
      assert.equal(s.step, step, where);
      assert.deepEqual(await page.evaluate(() => window.pelab.notices()), [], where);
      // Figures only: a step's equations (kind 'equation', after the figures) and its takeaway are lines of text.
      const figs = (await page.evaluate(() => window.pelab.layout())).filter((f) => f.kind !== 'equation' && f.kind !== 'takeaway');
      assert.ok(figs.length >= 1 && figs.every((f) => f.w > 50 && f.h > 50), `${where}: ${JSON.stringify(figs)}`);
      // Step 2 teaches aliasing: the same map point-sampled and box-filtered, two map figures side by side.
      if (step === 2) assert.equal(figs.filter((f) => f.kind === 'posmap').length, 2, `${where}: ${JSON.stringify(figs)}`);
    }
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
