// axe-core (from npm) on every demo, light and dark, both as it first appears and after the scene
// of scenes.mjs (refusals, pressed toggles, pods, a stuck controller), with its folds closed (the
// chapter's first screen) and all open (the lab view). Zero violations of any rule
// axe runs by default, best practices included.
import { createRequire } from 'node:module';
import { launch, watchedPage, run } from './harness.mjs';
import { startServer } from './static-server.mjs';
import { SCENES, mountScene } from './scenes.mjs';

const dist = process.argv[2] ?? 'dist';
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const server = await startServer(dist);
const browser = await launch();

async function audit(page, selector) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async (selector) => {
    const r = await window.axe.run({ include: [selector] }, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }, selector);
  if (result.length) throw new Error(`axe violations:\n  ${result.join('\n  ')}`);
}

const tests = [];
for (const name of Object.keys(SCENES)) {
  for (const theme of ['light', 'dark']) {
    for (const stage of ['initial', 'after the scene']) {
      tests.push([`${name} ${theme} ${stage}`, async () => {
        const page = await watchedPage(browser, { colorScheme: theme });
        await page.goto(`${server.url}/index.html`);
        if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
        const demo = await mountScene(page, name);
        if (stage !== 'initial') await SCENES[name].run(demo);
        await audit(page, '#scene');
        page.assertClean();
        await page.context().close();
      }]);
    }
  }
}
await run('a11y', tests);
await browser.close();
await server.close();
