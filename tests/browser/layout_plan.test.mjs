// PE Lab — tests/browser/layout_plan.test.mjs
// The page layout is a function (src/app/layout.h: layout_page), checked without a browser for every step of every
// lesson by tests/app/layout_test.cpp. This file checks, on a sample of steps, that the page the browser draws is the
// one that function returns: each frame the app measures the page's inputs (window, style, header, the step's title,
// prose, equations and the views' size queries), calls layout_page before drawing, and reports its rectangles
// beside what it drew: pelab.layout() gives each figure `extent` (the whole view as drawn: title, figure, notes)
// and `planned` (the view's rectangle in layout_page), and each equation its drawn box (x, y, w, h) and `planned`.
// Sample: a few steps of five lessons, index.html at 1280×720 and embed.html at 960×540, in English and Chinese.
//
// Every rectangle must agree within 0.5 px: each figure's `extent` with its `planned` rectangle (x, y, w, h) and each
// equation's drawn box with its `planned` box. layout_page models the drawing exactly: each figure's height comes
// from its kind's figure_drawn_bottom (the same layout its draw_figure uses, ImGui's whole-pixel cursor included)
// and its notes wrapped as draw_view wraps them (views.h view_figure_bottom, view_notes_bottom), and the step's
// window has a vertical scrollbar exactly when layout_page says so (PageLayout::scrollbar). A second test checks
// that the comparison fails when the plan is off by a pixel (pelab.layout() read back with one number changed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, settle, openWidget } from './lib.mjs';

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
  ['f-delta', [1, 3, 5, 8, 10]],
  ['rope', [1, 2, 4, 6, 7]],
  ['shaw', [3, 8]],
  ['beyond-training', [4, 8]],
  ['long-context', [2, 11]],
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
  return entry.kind === 'equation' || entry.kind === 'takeaway' ? { x: entry.x, y: entry.y, w: entry.w, h: entry.h } : entry.extent;
}

function describe(r) {
  return `(${r.x.toFixed(1)}, ${r.y.toFixed(1)}) ${r.w.toFixed(1)}×${r.h.toFixed(1)}`;
}

// The differences beyond the tolerance between each drawn rectangle and its planned one, as lines naming the step.
function disagreements(pages) {
  const problems = [];
  let compared = 0;
  for (const { where, layout } of pages) {
    if (!layout.some((e) => e.kind !== 'equation')) problems.push(`${where}: no figure in layout()`);
    layout.forEach((entry, i) => {
      if (entry.kind === 'controls') return;  // the side column's content: not placed by layout_page
      const drawn = drawnRect(entry), planned = entry.planned;
      if (!drawn || !planned) {
        problems.push(`${where}: ${entry.kind} ${i + 1} has no ${drawn ? 'planned' : 'drawn'} rectangle`);
        return;
      }
      const off = ['x', 'y', 'w', 'h'].filter((k) => !(Math.abs(drawn[k] - planned[k]) <= TOLERANCE));
      ++compared;
      if (off.length)
        problems.push(`${where}: ${entry.kind} ${i + 1} drawn ${describe(drawn)}, layout_page ${describe(planned)} (${off.join(', ')} differ)`);
    });
  }
  return { problems, compared };
}

test('on the sampled steps, every rectangle of pelab.layout() equals layout_page\'s output', async () => {
  await walk();
  const { problems, compared } = disagreements(walked);
  assert.ok(compared >= 180, `compared ${compared} rectangles`);
  assert.deepEqual(problems, [], `${problems.length} of ${compared} rectangles differ:\n${problems.join('\n')}`);
});

test('the comparison sees a plan that is off by one pixel', async () => {
  await walk();
  // The first sampled page with a plan equal to what was drawn, then each of x, y, w, h of one planned rectangle (a
  // figure's, then an equation's) moved by 1 px: exactly one disagreement.
  const exact = structuredClone(walked[0]);
  for (const e of exact.layout) e.planned = { ...drawnRect(e) };
  assert.deepEqual(disagreements([exact]).problems, []);
  for (const kind of ['figure', 'equation']) {
    for (const k of ['x', 'y', 'w', 'h']) {
      const broken = [structuredClone(exact)];
      const entry = broken[0].layout.find((e) => (kind === 'equation') === (e.kind === 'equation'));
      assert.ok(entry, `the first sampled step has a ${kind}`);
      entry.planned[k] += 1;
      const { problems } = disagreements(broken);
      assert.equal(problems.length, 1, `a ${kind}'s planned ${k} moved by 1 px: ${problems.join('; ')}`);
    }
  }
});

// One idea per screen, as the browser draws it: on the sampled steps at 1280×720, every figure and
// equation that layout() reports is wholly on the first screen ("visible"), and in the 960×540 embed the key
// (first) equation is. The layout test (tests/app/layout_test.cpp) checks every step through the layout function.
test('on the sampled steps, every view is on the first screen at 1280×720, and the key equation in the embed', async () => {
  await walk();
  const problems = [];
  let checked = 0;
  for (const { where, layout } of walked) {
    if (where.startsWith('index.html 1280×720')) {
      for (const [i, e] of layout.entries()) {
        ++checked;
        if (e.visible !== true) problems.push(`${where}: ${e.kind} ${i + 1} "${e.title}" is not wholly on the first screen`);
      }
    } else if (where.startsWith('embed.html')) {
      const key = layout.find((e) => e.kind === 'equation');
      if (key && key.visible !== true) problems.push(`${where}: the key equation is not on the first screen`);
    }
  }
  assert.ok(checked >= 40, `checked ${checked} views`);
  assert.deepEqual(problems, []);
});

// The side column (parameters, then the question) stays on screen: on the sampled steps at 1280×720
// its "controls" entry is visible (the test above), and answering a question whose explanation runs below the
// column scrolls the column so that the verdict and explanation are in view. open-models' step longrope has the
// longest explanation at 1280×720 (it ends about 70 px below the window unscrolled).
test('answering a question brings its explanation into the side column\'s view', async () => {
  const page = await openWidget(browser, server.url, 'lesson=open-models&lang=en', { width: 1280, height: 720 });
  await page.evaluate(() => window.pelab.setState({ step_id: 'longrope' }));  // by id: step numbers change when a lesson is reordered
  await settle(page);
  const controls = async () => (await page.evaluate(() => window.pelab.layout())).find((e) => e.kind === 'controls');
  const before = await controls();
  assert.ok(before, 'the step has a side column');
  assert.equal(before.visible, true, 'unanswered, the parameters and the question fit the column');
  const [question] = await page.evaluate(() => window.pelab.questions());
  assert.ok(question && question.choices.length > 1, 'the step asks a question');
  const choice = question.choices[0];
  await page.mouse.click(choice.x + choice.w / 2, choice.y + choice.h / 2);
  await settle(page);
  const [answered] = await page.evaluate(() => window.pelab.questions());
  assert.ok(answered.picked === 0 && answered.explanation.length > 0, 'the explanation is shown');
  const after = await controls();
  assert.ok(after.y + after.h <= 720, `the explanation ends at ${Math.round(after.y + after.h)}, inside the 720 px window`);
  assert.ok(after.y < before.y, 'the column scrolled to show it');
  await page.context().close();
});

// A reference to another lesson names it and links to it: f-delta's last step ends by pointing to the
// RoPE lesson; the link is drawn in the text (pelab.links()), and a click on it opens that lesson.
test('a link in a step\'s text opens the lesson it names', async () => {
  // Tall enough that the step's whole text is shown (not cut to its first sentence).
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=link-to-rope&lang=en', { width: 1400, height: 1400 });
  await settle(page);
  const link = (await page.evaluate(() => window.pelab.links())).find((l) => l.term === 'lesson:rope');
  assert.ok(link, `the text links to the RoPE lesson: ${JSON.stringify(await page.evaluate(() => window.pelab.links()))}`);
  assert.equal(link.words, 'RoPE lesson');
  await page.mouse.click(link.x + link.w / 2, link.y + link.h / 2);
  await settle(page);
  const s = await page.evaluate(() => window.pelab.state());
  assert.deepEqual([s.lesson, s.step], ['rope', 1]);
  assert.match(await page.evaluate(() => location.hash), /lesson=rope/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
