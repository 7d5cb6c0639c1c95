// PE Lab — tests/browser/layout.test.mjs
// Figure first : for every step of every lesson, in index.html at 1280×720, in embed.html at 960×540
// and in index.html at 1920×1080 with fontscale=1.5, the step's primary figure (pelab.layout()[0]) lies
// entirely inside the viewport and covers at least a fifth of it; equations are listed after the figures. In
// index.html, every entry of pelab.layout() (each figure, equation and the side column) is wholly on the first
// screen .
// A screenshot of every step at each size is kept for looking at before resolving:
//   build/test-artifacts/screens/<page>-<W>x<H>[-fontscale1.5]/<lesson>-<step>.png
// Also the phone (390×844, touch, devicePixelRatio 2): the primary figure starts within the first screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, settle, saveArtifact } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

// Opens `page` (index.html or embed.html) at W×H with `extra` hash keys; returns the page, ready.
async function openAt(pageName, W, H, extra = '', contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: W, height: H }, locale: 'en-US', ...contextOptions });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  // reveal=1: a prediction's figures drawn open, as the figure the rules measure (covered, the box takes the same place).
  await page.goto(`${server.url}${pageName}#lesson=f-delta&lang=en&reveal=1${extra}`);
  await page.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.pelab.ready);
  return page;
}

// Where each figure kind may come in layout(): every figure before the first equation.
// (The side column's "controls" entry comes last and is not a figure.)
function figuresBeforeEquations(layout) {
  layout = layout.filter((v) => v.kind !== 'controls' && v.kind !== 'takeaway');
  const firstEquation = layout.findIndex((v) => v.kind === 'equation');
  return firstEquation < 0 || layout.slice(firstEquation).every((v) => v.kind === 'equation');
}

// Walks every step of every lesson at one size; returns the list of problems (empty = all fit).
async function checkEveryStep(pageName, W, H, extra, folder) {
  const page = await openAt(pageName, W, H, extra);
  const problems = [];
  let steps = 0;
  for (const lesson of await page.evaluate(() => window.pelab.lessons())) {
    for (let step = 1; step <= lesson.steps; ++step) {
      ++steps;
      const where = `${pageName}@${W}x${H}${extra} ${lesson.id} step ${step}`;
      // setState applies synchronously: the state is the asked one at once (no waiting on frames).
      await page.evaluate(([id, s]) => window.pelab.setState({ lesson: id, step: s }), [lesson.id, step]);
      const st = await page.evaluate(() => window.pelab.state());
      assert.deepEqual([st.lesson, st.step], [lesson.id, step], where);
      await settle(page);
      saveArtifact(`screens/${folder}/${lesson.id}-${step}.png`, await page.screenshot());
      const layout = await page.evaluate(() => window.pelab.layout());
      const f = layout[0];
      if (!f || f.kind === 'equation') { problems.push(`${where}: no figure first in layout() ${JSON.stringify(layout)}`); continue; }
      const inside = f.x >= -1 && f.y >= -1 && f.x + f.w <= W + 1 && f.y + f.h <= H + 1;
      const share = (f.w * f.h) / (W * H);
      if (!inside) problems.push(`${where}: ${f.kind} at (${Math.round(f.x)}, ${Math.round(f.y)}) ${Math.round(f.w)}×${Math.round(f.h)} is not entirely on screen`);
      if (share < 0.2) problems.push(`${where}: ${f.kind} ${Math.round(f.w)}×${Math.round(f.h)} covers ${(100 * share).toFixed(1)}% of the view (< 20%)`);
      // A step is one screen: in index.html every entry (figures, equations and the side column's
      // parameters and question) is wholly on the first screen as drawn.
      if (pageName === 'index.html')
        for (const e of layout) if (e.visible !== true) problems.push(`${where}: ${e.kind} "${e.title}" is not wholly on the first screen`);
      if (!figuresBeforeEquations(layout)) problems.push(`${where}: an equation is listed before a figure ${JSON.stringify(layout.map((v) => v.kind))}`);
    }
  }
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.context().close();
  return { problems, steps };
}

for (const [pageName, W, H, extra] of [
  ['index.html', 1280, 720, ''],
  ['embed.html', 960, 540, ''],
  ['index.html', 1920, 1080, '&fontscale=1.5'],
]) {
  const folder = `${pageName.replace('.html', '')}-${W}x${H}${extra ? '-' + extra.replace(/[&=]/g, '') : ''}`;
  test(`every step at ${pageName} ${W}×${H}${extra}: the primary figure is on screen and covers ≥ 1/5`, async () => {
    const { problems, steps } = await checkEveryStep(pageName, W, H, extra, folder);
    assert.ok(steps >= 40, `walked ${steps} steps`);
    assert.deepEqual(problems, [], `${problems.length} of ${steps} steps do not fit:\n${problems.join('\n')}`);
  });
}

test('phone 390×844 (touch, devicePixelRatio 2): the primary figure starts within the first screen', async () => {
  const page = await openAt('index.html', 390, 844, '', { deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const late = [];
  for (const lesson of await page.evaluate(() => window.pelab.lessons())) {
    for (let step = 1; step <= lesson.steps; ++step) {
      await page.evaluate(([id, s]) => window.pelab.setState({ lesson: id, step: s }), [lesson.id, step]);
      await settle(page);
      const f = (await page.evaluate(() => window.pelab.layout()))[0];
      if (step === 1) saveArtifact(`screens/index-390x844/${lesson.id}-${step}.png`, await page.screenshot());
      if (!f || !(f.y >= 0 && f.y < 844 - 40)) late.push(`${lesson.id} step ${step}: ${JSON.stringify(f)}`);
    }
  }
  assert.deepEqual(late, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
