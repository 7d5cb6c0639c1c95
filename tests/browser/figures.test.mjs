// PE Lab — tests/browser/figures.test.mjs
// The figure kinds as a learner meets them at 1280×720:
//   - every phasor, odometer, bar chart and typeset equation that pelab.layout() lists, on every step of every lesson,
//     has ink inside its rectangle (dark pixels: arrows, needles, labels, glyphs), not an empty box;
//   - dragging a phasor arrowhead (layout().handles) turns it: the key it names changes in the URL hash;
//   - a question (pelab.questions()) shows its verdict and explanation only after a choice is clicked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openWidget, settle, screenshotPng, saveArtifact } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const hashParam = (hash, key) => new URLSearchParams(hash.replace(/^#/, '')).get(key);

// Share of the image's pixels darker than the page's light background and the dials' grey fill.
function inkShare(png) {
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const luma = 0.299 * png.data[i] + 0.587 * png.data[i + 1] + 0.114 * png.data[i + 2];
    if (luma < 150) ++dark;
  }
  return png.data.length ? dark / (png.data.length / 4) : 0;
}

// The least ink each kind carries when drawn: a dial has its arrows, ticks and labels; an equation is mostly
// glyphs on a small box; bars fill a good part of their plot box.
const MIN_INK = { phasor: 0.002, odometer: 0.002, bars: 0.02, equation: 0.02 };

test('every phasor, odometer, bar chart and equation on screen has ink inside its rectangle', async () => {
  // A tall page, so that the figures and equations below the primary one are on screen too (at 1280×720 the
  // layout test covers the primary figure); an entry under the bottom bar or past the page is not looked at.
  const width = 1400, height = 2400, bar = 90;
  // reveal=1: a prediction's figures are drawn open (covered, they are a box that says so).
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en&reveal=1', { width, height });
  const lessons = await page.evaluate(() => window.pelab.lessons());
  const seen = { phasor: 0, odometer: 0, bars: 0, equation: 0 };
  const problems = [];
  for (const lesson of lessons) {
    for (let step = 1; step <= lesson.steps; ++step) {
      await page.evaluate(([id, s]) => window.pelab.setState({ lesson: id, step: s }), [lesson.id, step]);
      await settle(page);
      const entries = (await page.evaluate(() => window.pelab.layout()))
        .filter((v) => v.kind in MIN_INK && v.x >= 0 && v.y >= 0 && v.x + v.w <= width && v.y + v.h <= height - bar);
      if (!entries.length) continue;
      for (const v of entries) {
        ++seen[v.kind];
        // Only the entry's own pixels: a clip of the settled page encodes and decodes in a fraction of the time
        // a whole 1400×2400 screenshot takes, and the widget draws nothing in between.
        const x0 = Math.floor(v.x), y0 = Math.floor(v.y);
        const clip = { x: x0, y: y0, width: Math.ceil(v.x + v.w) - x0, height: Math.ceil(v.y + v.h) - y0 };
        const png = await screenshotPng(page, clip);
        const share = inkShare(png);
        if (share < MIN_INK[v.kind]) {
          problems.push(`${lesson.id} step ${step}: ${v.kind} "${v.title}" at (${Math.round(v.x)}, ${Math.round(v.y)}) ` +
                        `${Math.round(v.w)}×${Math.round(v.h)} has ${(100 * share).toFixed(2)}% ink`);
          saveArtifact(`figures/no-ink-${lesson.id}-${step}.png`, await page.screenshot());
        }
      }
    }
  }
  assert.deepEqual(problems, []);
  // The curriculum draws every kind (rope's dials, beyond-training's odometer, cost's bars, equations on every step).
  for (const kind of Object.keys(MIN_INK)) assert.ok(seen[kind] > 0, `some step draws a ${kind}: ${JSON.stringify(seen)}`);
});

test('dragging a phasor arrowhead turns it: its key changes in the URL', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&step=1&lang=en&alpha=1&beta=2', { width: 1280, height: 720 });
  await settle(page);
  const phasor = (await page.evaluate(() => window.pelab.layout())).find((v) => v.kind === 'phasor');
  assert.ok(phasor, 'rope step 1 draws a phasor');
  const handle = (phasor.handles || []).find((h) => h.key === 'alpha');
  assert.ok(handle, `the alpha arrow is draggable: ${JSON.stringify(phasor.handles)}`);
  assert.equal(hashParam(await page.evaluate(() => location.hash), 'alpha'), '1');
  // Along the circle (perpendicular to the radius from the dial's centre), a quarter of the radius: the
  // angle changes, whatever the exact radius.
  const cx = phasor.x + phasor.w / 2, cy = phasor.y + phasor.h / 2;
  const rx = handle.x - cx, ry = handle.y - cy, len = Math.hypot(rx, ry);
  const tx = -ry / len, ty = rx / len, step = len * 0.25;
  await page.mouse.move(handle.x, handle.y);
  await page.mouse.down();
  for (let k = 1; k <= 6; ++k) await page.mouse.move(handle.x + tx * step * k / 6, handle.y + ty * step * k / 6);
  await page.mouse.up();
  await settle(page);
  const alpha = Number((await page.evaluate(() => window.pelab.state())).params.alpha);
  assert.ok(Number.isFinite(alpha) && Math.abs(alpha - 1) > 0.05, `alpha moved with the drag: ${alpha}`);
  const hashAlpha = Number(hashParam(await page.evaluate(() => location.hash), 'alpha'));
  assert.ok(Math.abs(hashAlpha - alpha) < 1e-9, `the hash carries the dragged value (${hashAlpha} vs ${alpha})`);
  assert.equal(hashParam(await page.evaluate(() => location.hash), 'beta'), '2', 'the other arrow stays put');
  assert.deepEqual(page.errors, []);
});

test('a question reveals its verdict and explanation only after a choice is clicked', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&step=4&lang=en', { width: 1280, height: 720 });
  await settle(page);
  const [q] = await page.evaluate(() => window.pelab.questions());
  assert.ok(q && q.prompt.length > 10 && q.choices.length >= 2 && q.choices.length <= 4, JSON.stringify(q));
  assert.equal(q.picked, -1);
  assert.equal(q.verdict, '', 'no verdict before a choice');
  assert.equal(q.explanation, '', 'no explanation before a choice');
  const c = q.choices[0];
  await page.mouse.click(c.x + c.w / 2, c.y + c.h / 2);
  await settle(page);
  const [after] = await page.evaluate(() => window.pelab.questions());
  assert.equal(after.picked, 0, 'the clicked choice is picked');
  assert.ok(after.verdict.length > 0, 'a verdict is shown');
  assert.ok(after.explanation.length > 20, `an explanation is shown: ${JSON.stringify(after.explanation)}`);
  assert.ok(!/\{[a-z_]+\}/.test(after.explanation), `the explanation has its numbers filled in: ${after.explanation}`);
  saveArtifact('figures/question-revealed.png', await page.screenshot());
  // The same in Chinese: the explanation follows the language.
  await page.evaluate(() => window.pelab.setState({ lang: 'zh' }));
  await settle(page);
  const [zh] = await page.evaluate(() => window.pelab.questions());
  assert.ok(/[\u4e00-\u9fff]/.test(zh.explanation), `the explanation is Chinese in zh: ${zh.explanation}`);
  assert.deepEqual(page.errors, []);
});
