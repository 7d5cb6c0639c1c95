// PE Lab — tests/browser/layout_plan.test.mjs
// The page layout is a function (src/app/layout.h: layout_page), checked without a browser for every step of every
// lesson by tests/app/layout_test.cpp. This file checks, on a sample of steps, that the page the browser draws is the
// one that function returns: each frame the app measures the page's inputs (window, style, header, the step's title,
// prose, equations and the views' size queries), calls layout_page before drawing, and reports its rectangles
// beside what it drew: pelab.layout() gives each figure `extent` (the whole view as drawn: title, figure, notes)
// and `planned` (the view's rectangle in layout_page), and each equation its drawn box (x, y, w, h) and `planned`.
// Sample: a few steps of four lessons, index.html at 1280×720 and embed.html at 960×540, in English and Chinese.
//
// Two tests:
// - "agree on where each part starts": the left edge of every figure and equation and the primary figure's top
//   left corner, within 0.5 px. It holds today and fails if the drawing stops following the function there.
// - "equal the function's output": every rectangle, within 0.5 px. A todo test (its failures are reported, not
//   counted): today the drawing and layout_page disagree on heights, because layout_page estimates each figure's
//   height from view_preferred_height (capped at its room) while the drawn primary figure fills its room and the
//   notes under a figure wrap (views.cpp counts one line of font + 4 px per note); the figures and equations after
//   a wrong height start lower, and a page that then overflows draws with a scrollbar the function did not plan
//   (widths 14 px narrower). Make it a plain test once layout_page models the drawing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, settle } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const SAMPLE = [
  ['f-delta', [1, 3, 5, 8]],
  ['rope', [1, 2, 4, 6]],
  ['shaw', [3]],
  ['long-context', [2]],
];
const PAGES = [
  ['index.html', 1280, 720],
  ['embed.html', 960, 540],
];
const TOLERANCE = 0.5;

// Every sampled step's layout() at every page size and language: [{where, layout}].
let walked = null;
async function walk() {
  if (walked) return walked;
  walked = [];
  for (const [pageName, W, H] of PAGES) {
    for (const lang of ['en', 'zh']) {
      const context = await browser.newContext({ viewport: { width: W, height: H }, locale: 'en-US' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${server.url}${pageName}#lesson=f-delta&lang=${lang}`);
      await page.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 20000 });
      await page.evaluate(() => window.pelab.ready);
      for (const [lesson, steps] of SAMPLE) {
        for (const step of steps) {
          await page.evaluate(([id, s]) => window.pelab.setState({ lesson: id, step: s }), [lesson, step]);
          await settle(page);
          const layout = await page.evaluate(() => window.pelab.layout());
          walked.push({ where: `${pageName} ${W}×${H} ${lang} ${lesson} step ${step}`, layout });
        }
      }
      assert.deepEqual(errors, [], `no script errors in ${pageName} ${lang}`);
      await context.close();
    }
  }
  return walked;
}

// The drawn rectangle of a layout() entry: a figure's whole view, an equation's box.
function drawnRect(entry) {
  return entry.kind === 'equation' ? { x: entry.x, y: entry.y, w: entry.w, h: entry.h } : entry.extent;
}

function describe(r) {
  return `(${r.x.toFixed(1)}, ${r.y.toFixed(1)}) ${r.w.toFixed(1)}×${r.h.toFixed(1)}`;
}

// The differences beyond the tolerance in `fields` between drawn and planned, as lines naming the step.
function disagreements(fieldsOf) {
  const problems = [];
  let compared = 0;
  for (const { where, layout } of walked) {
    if (!layout.some((e) => e.kind !== 'equation')) problems.push(`${where}: no figure in layout()`);
    layout.forEach((entry, i) => {
      const drawn = drawnRect(entry), planned = entry.planned;
      if (!drawn || !planned) {
        problems.push(`${where}: ${entry.kind} ${i + 1} has no ${drawn ? 'planned' : 'drawn'} rectangle`);
        return;
      }
      const off = fieldsOf(entry, i).filter((k) => !(Math.abs(drawn[k] - planned[k]) <= TOLERANCE));
      ++compared;
      if (off.length)
        problems.push(`${where}: ${entry.kind} ${i + 1} drawn ${describe(drawn)}, layout_page ${describe(planned)} (${off.join(', ')} differ)`);
    });
  }
  return { problems, compared };
}

test('on the sampled steps, the drawing and layout_page agree on where each part starts', async () => {
  await walk();
  const { problems, compared } = disagreements((entry, i) => (i === 0 && entry.kind !== 'equation' ? ['x', 'y'] : ['x']));
  assert.ok(compared >= 100, `compared ${compared} rectangles`);
  assert.deepEqual(problems, [], `${problems.length} disagreements:\n${problems.join('\n')}`);
});

test('on the sampled steps, every rectangle of pelab.layout() equals layout_page\'s output',
  { todo: 'layout_page estimates figure heights (see the comment at the top); a plain test once it models the drawing' },
  async () => {
    await walk();
    const { problems, compared } = disagreements(() => ['x', 'y', 'w', 'h']);
    assert.ok(compared >= 100, `compared ${compared} rectangles`);
    assert.deepEqual(problems, [], `${problems.length} of ${compared} rectangles differ:\n${problems.join('\n')}`);
  });
