// PE Lab — tests/browser/predict.test.mjs
// Predictions stay predictions, and every step says its point: on a step whose question is asked before the
// evidence (Question::predict), the figures, the equations and the takeaway are covered (layout() `covered`, and the mirror says
// so) until the learner answers, presses Reveal or the key R, or the page says reveal=1; a
// check question covers nothing. Every step's takeaway is drawn whole on the first screen (layout() kind
// "takeaway", where the layout function planned it). Without a side column the question is asked inside the cover.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openWidget, settle, saveArtifact } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const layout = (page) => page.evaluate(() => window.pelab.layout());
const figures = (entries) => entries.filter((e) => !['equation', 'controls', 'takeaway'].includes(e.kind));
const takeaway = (entries) => entries.find((e) => e.kind === 'takeaway');

// The first step of `lesson` with a prediction, and one with only check questions (or none), by their ids.
async function stepsOf(page, lesson) {
  const lessons = await page.evaluate(() => window.pelab.lessons());
  const ids = lessons.find((l) => l.id === lesson).step_ids;
  let predict = null, check = null;
  for (const id of ids) {
    await page.evaluate((s) => window.pelab.setState(s), { lesson, step: id, reveal: 0 });
    await settle(page);
    const questions = await page.evaluate(() => window.pelab.questions());
    if (!predict && questions.some((q) => q.predict)) predict = id;
    if (!check && questions.length && questions.every((q) => !q.predict)) check = id;
  }
  return { predict, check };
}

test('a prediction covers the figures and the takeaway until the learner answers', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&step=1&lang=en', { width: 1280, height: 720 });
  await settle(page);
  const { predict, check } = await stepsOf(page, 'rope');
  assert.ok(predict, 'rope asks a prediction somewhere');
  await page.evaluate((s) => window.pelab.setState(s), { lesson: 'rope', step: predict });
  await settle(page);
  let entries = await layout(page);
  assert.ok(figures(entries).length >= 1);
  for (const f of figures(entries)) assert.equal(f.covered, true, `${predict}: ${f.kind} covered before the answer`);
  assert.equal(takeaway(entries).covered, true, 'the takeaway is covered too');
  assert.equal(takeaway(await layout(page)).covered, true);
  // Its formulas too (the formula is often the answer): boxes of their size, without their TeX; no MathML mirrored.
  const equations = (list) => list.filter((e) => e.kind === 'equation');
  for (const e of equations(entries)) assert.deepEqual([e.covered, e.title], [true, ''], `${predict}: its equations covered`);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.pelab-text .pelab-math math').length), 0);
  const mirrored = await page.evaluate(() => document.querySelector('.pelab-text .pelab-figures').textContent);
  assert.match(mirrored, /Predict first/, 'the text mirror gives no numbers either');
  saveArtifact('predict/covered.png', await page.screenshot());
  // Answer the prediction: everything opens.
  const questions = await page.evaluate(() => window.pelab.questions());
  const q = questions.find((x) => x.predict);
  const c = q.choices[0];
  await page.mouse.click(c.x + c.w / 2, c.y + c.h / 2);
  await settle(page);
  entries = await layout(page);
  for (const f of figures(entries)) assert.equal(f.covered, false, `${predict}: ${f.kind} open after the answer`);
  assert.equal(takeaway(entries).covered, false);
  for (const e of equations(entries)) assert.equal(e.covered, false, `${predict}: its equations open after the answer`);
  assert.ok(equations(entries).every((e) => e.title.length > 0));
  saveArtifact('predict/answered.png', await page.screenshot());
  // A check question covers nothing.
  if (check) {
    await page.evaluate((s) => window.pelab.setState(s), { step: check });
    await settle(page);
    for (const f of figures(await layout(page))) assert.equal(f.covered, false, `${check}: a check question covers nothing`);
  }
  assert.deepEqual(page.errors, []);
});

test('Reveal: the key R, and reveal=1 for a lecturer, open a prediction unanswered', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&step=1&lang=en', { width: 1280, height: 720 });
  await settle(page);
  const { predict } = await stepsOf(page, 'rope');
  await page.evaluate((s) => window.pelab.setState(s), { step: predict });
  await settle(page);
  assert.equal(takeaway(await layout(page)).covered, true);
  await page.locator('canvas').first().focus();
  await page.keyboard.press('r');
  await settle(page);
  assert.equal(takeaway(await layout(page)).covered, false, 'R reveals');
  // reveal=1 in the address: open from the start, and kept in the state the host reads.
  const lecturer = await openWidget(browser, server.url, `lesson=rope&step=${predict}&lang=en&reveal=1`, { width: 1280, height: 720 });
  await settle(lecturer);
  const s = await lecturer.evaluate(() => window.pelab.state());
  assert.equal(s.reveal, 1);
  assert.equal(takeaway(await layout(lecturer)).covered, false);
  for (const f of figures(await layout(lecturer))) assert.equal(f.covered, false);
  assert.match(await lecturer.evaluate(() => location.hash), /reveal=1/, 'the address keeps reveal=1');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(lecturer.errors, []);
});

test('without a side column (a 960×540 embed) the question is asked inside the cover, on the first screen', async () => {
  const page = await openWidget(browser, server.url, 'lesson=rope&step=1&lang=en&embed=1', { width: 960, height: 540 });
  await settle(page);
  const { predict } = await stepsOf(page, 'rope');
  await page.evaluate((s) => window.pelab.setState(s), { step: predict });
  await settle(page);
  const entries = await layout(page);
  assert.ok(!entries.some((e) => e.kind === 'controls'), 'no side column at 960×540');
  const cover = figures(entries)[0];
  assert.equal(cover.covered, true);
  const questions = await page.evaluate(() => window.pelab.questions());
  const q = questions.find((x) => x.predict);
  assert.ok(q && q.prompt.length > 0, 'the prediction is drawn');
  assert.equal(new Set(questions.map((x) => x.prompt)).size, questions.length, 'each question drawn once (not also below)');
  for (const c of q.choices) {
    assert.ok(c.x >= cover.x && c.x + c.w <= cover.x + cover.w && c.y >= cover.y && c.y + c.h <= cover.y + cover.h,
              `choice "${c.text}" inside the cover box`);
    assert.ok(c.y + c.h <= 540, `choice "${c.text}" on the first screen`);
  }
  saveArtifact('predict/embed-covered.png', await page.screenshot());
  const c = q.choices[0];
  await page.mouse.click(c.x + c.w / 2, c.y + c.h / 2);
  await settle(page);
  for (const f of figures(await layout(page))) assert.equal(f.covered, false, 'the answer opens the figures');
  const answered = (await page.evaluate(() => window.pelab.questions())).find((x) => x.predict);
  assert.equal(answered.picked, 0, 'the answer is kept, and the question with its verdict moves below the figures');
  assert.deepEqual(page.errors, []);
});

test('every step shows its takeaway whole on the first screen, where the layout planned it', async () => {
  const page = await openWidget(browser, server.url, 'lesson=f-delta&step=1&lang=en&reveal=1', { width: 1280, height: 720 });
  await settle(page);
  const lessons = await page.evaluate(() => window.pelab.lessons());
  for (const lesson of lessons) {
    for (const id of lesson.step_ids) {
      for (const lang of ['en', 'zh']) {
        await page.evaluate((s) => window.pelab.setState(s), { lesson: lesson.id, step: id, lang });
        await settle(page);
        const t = takeaway(await layout(page));
        const where = `${lesson.id}/${id} (${lang})`;
        assert.ok(t, `${where}: a takeaway is drawn`);
        assert.ok(t.title.length > 8, `${where}: ${JSON.stringify(t.title)}`);
        assert.ok(!/\{[a-z_]+\}/.test(t.title), `${where}: its numbers are filled in`);
        assert.equal(t.visible, true, `${where}: on the first screen`);
        assert.equal(t.covered, false, `${where}: reveal=1 opens it`);
        assert.ok(Math.abs(t.y - t.planned.y) < 1 && Math.abs(t.h - t.planned.h) < 1.5,
                  `${where}: drawn where planned (${JSON.stringify(t)})`);
      }
    }
  }
  assert.deepEqual(page.errors, []);
});
