// PE Lab — tests/browser/playback.test.mjs
// Playback of a step's timeline (f-delta step 2 plays L from 2 to 16): nothing plays until asked;
// while playing, frames grow and the parameter moves, but the URL hash and the host's pelab:state messages
// stay as they were; paused, the hash carries the paused value and the widget is back to 0 idle frames within
// 2 s; play=1 in the URL starts it, except under prefers-reduced-motion; Space toggles it; pelab.play() on a
// step without a timeline answers false and starts nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openWidget, settle, idleFrames } from './lib.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const PLAYS = 'lesson=f-delta&step=2&lang=en';  // the step with a timeline on the key L
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const frames = (page) => page.evaluate(() => window.pelab.frames());
const L = (page) => page.evaluate(() => window.pelab.state().params.L);

// Milliseconds from the call until the widget requests no more frames; throws (settle's error) when frames are
// still requested `withinMs` after the call.
async function stillWithin(page, withinMs) {
  const t0 = Date.now();
  await settle(page, withinMs);
  return Date.now() - t0;
}

test('nothing plays on its own; play(true) draws frames and moves L, the hash waits for the pause', async () => {
  const page = await openWidget(browser, server.url, `${PLAYS}&L=3`);
  assert.equal(await page.evaluate(() => window.pelab.playing()), false, 'no autoplay');
  assert.equal(await idleFrames(page), 0, 'idle before playing');
  const hashBefore = await page.evaluate(() => location.hash);
  assert.match(hashBefore, /(^|[#&])L=3(&|$)/);

  assert.equal(await page.evaluate(() => window.pelab.play(true)), true, 'step 2 has a timeline');
  assert.equal(await page.evaluate(() => window.pelab.playing()), true);
  const f0 = await frames(page);
  const seen = new Set();
  for (let i = 0; i < 12; ++i) {
    await sleep(150);
    seen.add(await L(page));
    assert.equal(await page.evaluate(() => location.hash), hashBefore, 'the hash is not rewritten while playing');
  }
  const f1 = await frames(page);
  // (Software GL on a loaded 2-core machine draws about 10 frames a second; idle it would be 0.)
  assert.ok(f1 - f0 >= 4, `frames grow while playing (${f0} → ${f1})`);
  assert.ok(seen.size >= 2, `L moves while playing: ${[...seen]}`);
  for (const v of seen) assert.ok(Number.isInteger(v) && v >= 2 && v <= 16, `L stays a whole number in 2…16: ${v}`);

  assert.equal(await page.evaluate(() => window.pelab.play(false)), true);
  assert.equal(await page.evaluate(() => window.pelab.playing()), false);
  const paused = await L(page);
  const waited = await stillWithin(page, 2500);
  assert.ok(waited <= 2000, `frames stop within 2 s of pausing (${waited} ms)`);
  assert.equal(await idleFrames(page, 1000), 0, 'paused: 0 idle frames');
  assert.equal(await L(page), paused, 'the value stays where it was paused');
  const hashAfter = await page.evaluate(() => location.hash);
  assert.match(hashAfter, new RegExp(`(^|[#&])L=${paused}(&|$)`), `the hash carries the paused value: ${hashAfter}`);
  assert.doesNotMatch(hashAfter, /play=/, 'play is not URL state');
  await page.context().close();
});

test('pelab:state is not posted while playing, and is posted with the paused value on pause', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  await page.goto(server.url + 'index.html#lesson=f-delta');  // any page of the same origin as host
  await page.evaluate((src) => {
    document.body.innerHTML = '';
    window.received = [];
    window.addEventListener('message', (e) => window.received.push(e.data));
    const f = document.createElement('iframe');
    f.id = 'w';
    f.name = 'w';
    f.style.cssText = 'width:960px;height:540px';
    f.src = src;
    document.body.appendChild(f);
  }, server.url + `embed.html#${PLAYS}&L=4`);
  await page.waitForFunction(() => window.received.some((m) => m && m.type === 'pelab:ready'), null, { timeout: 20000 });
  const widget = page.frames().find((f) => f.name() === 'w');
  await settle(widget);
  const states = () => page.evaluate(() => window.received.filter((m) => m && m.type === 'pelab:state').length);
  const before = await states();
  assert.equal(await widget.evaluate(() => window.pelab.play(true)), true);
  await sleep(1500);
  assert.notEqual(await widget.evaluate(() => window.pelab.state().params.L), 4, 'L moved while playing');
  assert.equal(await states(), before, 'no pelab:state message while playing');
  await widget.evaluate(() => window.pelab.play(false));
  const paused = await widget.evaluate(() => window.pelab.state().params.L);
  await page.waitForFunction((n) => window.received.filter((m) => m && m.type === 'pelab:state').length > n, before, { timeout: 5000 });
  const last = await page.evaluate(() => window.received.filter((m) => m && m.type === 'pelab:state').pop().state);
  assert.equal(last.params.L, paused, 'the message on pause carries the paused value');
  await context.close();
});

test('play=1 in the URL starts playback; under prefers-reduced-motion it does not', async () => {
  const page = await openWidget(browser, server.url, `${PLAYS}&play=1`);
  assert.equal(await page.evaluate(() => window.pelab.playing()), true, 'play=1 starts the timeline');
  const f0 = await frames(page);
  await sleep(2000);
  // Software GL on a loaded 2-core machine draws about 10 frames a second; idle it would be 0.
  assert.ok((await frames(page)) - f0 >= 4, 'frames grow');
  assert.deepEqual(await page.evaluate(() => window.pelab.notices()), [], 'play=1 is not an unknown key');
  await page.context().close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const calm = await context.newPage();
  await calm.emulateMedia({ reducedMotion: 'reduce' });
  await calm.goto(`${server.url}index.html#${PLAYS}&play=1`);
  await calm.waitForFunction(() => window.pelab && window.pelab.ready, null, { timeout: 20000 });
  await calm.evaluate(() => window.pelab.ready);
  assert.equal(await calm.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true);
  assert.equal(await calm.evaluate(() => window.pelab.playing()), false, 'no autoplay under reduced motion');
  assert.equal(await idleFrames(calm), 0, 'idle under reduced motion');
  assert.deepEqual(await calm.evaluate(() => window.pelab.notices()), []);
  // The learner may still start it.
  assert.equal(await calm.evaluate(() => window.pelab.play(true)), true);
  assert.equal(await calm.evaluate(() => window.pelab.playing()), true);
  await context.close();
});

test('Space toggles playback; a step without a timeline plays nothing', async () => {
  const page = await openWidget(browser, server.url, PLAYS);
  await settle(page);
  await page.locator('.pelab-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.pelab.playing());
  await page.keyboard.press('Space');
  await page.waitForFunction(() => !window.pelab.playing());
  assert.ok((await stillWithin(page, 2500)) <= 2000, 'idle again within 2 s');

  await page.evaluate(() => window.pelab.setState({ step: 1 }));
  await page.waitForFunction(() => window.pelab.state().step === 1);
  assert.equal(await page.evaluate(() => window.pelab.play(true)), false, 'step 1 has no timeline');
  assert.equal(await page.evaluate(() => window.pelab.playing()), false);
  assert.equal(await idleFrames(page), 0, 'nothing plays');
  await page.context().close();
});

test('changing the step stops playback, and the hash follows the new step', async () => {
  const page = await openWidget(browser, server.url, PLAYS);
  assert.equal(await page.evaluate(() => window.pelab.play(true)), true);
  await sleep(300);
  await page.evaluate(() => window.pelab.setState({ step: 3 }));
  await page.waitForFunction(() => !window.pelab.playing() && /step=kernel-of-delta&/.test(location.hash), null, { timeout: 5000 });
  assert.equal(await idleFrames(page), 0);
  await page.context().close();
});
