// PE Lab — tests/browser/steps.test.mjs
// Every step of every lesson, opened by deep link in a fresh page load: the state is restored, no
// notice is raised, at least one figure is drawn with a real size, the canvas shows content and no
// script error occurs. New lessons are covered as soon as they are in the registry.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openWidget, settle, screenshotPng, pixel } from './lib.mjs';

let server, browser, lessons;
before(async () => {
  server = await serve();
  browser = await launch();
  const page = await openWidget(browser, server.url, 'lang=en');
  lessons = await page.evaluate(() => window.pelab.lessons());
  await page.context().close();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

test('the curriculum lists lessons with steps', () => {
  assert.ok(lessons.length >= 1);
  assert.equal(lessons[0].id, 'f-delta');
  for (const l of lessons) {
    assert.ok(l.steps >= 1 && l.title.length > 0, JSON.stringify(l));
    assert.equal(l.step_ids.length, l.steps, JSON.stringify(l));
  }
});

test('every step opens by deep link and renders', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const lesson of lessons) {
    for (let step = 1; step <= lesson.steps; ++step) {
      const lang = step % 2 ? 'en' : 'zh';
      const where = `${lesson.id} step ${step} (${lang})`;
      await page.goto('about:blank');
      // By the step's id: a number in a link is a split lesson's old number.
      await page.goto(`${server.url}index.html#lesson=${lesson.id}&step=${lesson.step_ids[step - 1]}&lang=${lang}`);
      await page.waitForFunction(() => window.pelab && window.pelab.frames() > 0, null, { timeout: 20000 });
      await page.evaluate(() => window.pelab.ready);
      await settle(page);
      const s = await page.evaluate(() => window.pelab.state());
      assert.equal(s.lesson, lesson.id, where);
      assert.equal(s.step, step, where);
      assert.equal(s.lang, lang, where);
      assert.deepEqual(await page.evaluate(() => window.pelab.notices()), [], where);
      const layout = await page.evaluate(() => window.pelab.layout());
      assert.ok(layout.length >= 1, `${where}: a figure is drawn`);
      for (const v of layout) assert.ok(v.w > 10 && v.h > 10, `${where}: ${v.kind} "${v.title}" has a size`);
      const png = await screenshotPng(page);
      const colours = new Set();
      for (let y = 0; y < png.height; y += 11) for (let x = 0; x < png.width; x += 11) colours.add(pixel(png, x, y).join());
      assert.ok(colours.size > 15, `${where}: canvas shows content (${colours.size} colours)`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});
