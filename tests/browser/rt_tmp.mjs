import { serve, launch } from './lib.mjs';
const s = await serve('/work/main/build/web/dist'); const browser = await launch();
for (let i = 0; i < 4; ++i) {
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.goto(s.url + 'index.html#lesson=f-delta&step=4&lang=zh');
await page.waitForFunction(() => window.pelab && window.pelab.ready);
console.log(await page.evaluate(() => window.pelab.ready.then(() => performance.getEntriesByType('resource').filter((e) => /lang|wasm|\.js/.test(e.name)).map((e) => e.name.split('/').pop() + ' ' + Math.round(e.startTime) + '-' + Math.round(e.responseEnd)).join(' | ') + ' || ' + performance.getEntriesByType('mark').filter(m=>/compile|texts|instan/.test(m.name)).map(m=>m.name+' '+Math.round(m.startTime)).join(' '))));
await context.close();
}
await browser.close(); await s.close();
