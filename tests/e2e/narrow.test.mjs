// No demo is wider than its column, as a phone reader meets it: the gallery (both languages) and
// the example pages at 320, 360, 390 and 1024 px, each demo driven through its main buttons, every
// fold open, every kubectl object picked and 20 commands typed into its prompt (narrow.mjs). It
// fails if the page scrolls sideways, or if any element inside a demo reaches past the demo's
// edges outside a region that scrolls sideways (overflow-x auto or scroll), after any step. The
// same check runs in WebKit and Firefox at 390 px (tests/webkit/narrow.test.mjs). On a touch
// screen the prompt's field is set at 16 px at least, so that the browser does not zoom into it.
//   node tests/e2e/narrow.test.mjs dist
import { launch, watchedPage, run, assert, assertEq } from './harness.mjs';
import { startServer } from './static-server.mjs';
import { mkdirSync } from 'node:fs';
import { COMMANDS, SKIP, driveAndLook, levelInOneScreen } from './narrow.mjs';

const OUT = new URL('./out/', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

const dist = process.argv[2] ?? 'dist';
const server = await startServer(dist, { mounts: { '/fixtures/': new URL('./fixtures/', import.meta.url).pathname } });
const browser = await launch();

const NARROW_PAGES = ['/index.html', '/en.html', '/book.html', '/book-en.html'];
const WIDTHS = [320, 360, 390, 1024];

const tests = [];
for (const path of NARROW_PAGES) {
  for (const width of WIDTHS) {
    tests.push([`${path} at ${width} px: no demo wider than its column, the page never scrolls sideways`, async () => {
      const page = await watchedPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${server.url}${path}`);
      await page.waitForFunction(() => document.querySelectorAll('[data-kubevol-demo]:not([data-kubevol-mounted])').length === 0);
      const { demos, found } = await page.evaluate(driveAndLook, { COMMANDS, SKIP });
      assert(demos > 0, `${path}: demos driven`);
      assertEq(found.slice(0, 30).join('\n'), '', `${path} at ${width} px`);
      page.assertClean();
      await page.context().close();
    }]);
  }
}
// A page that opens its demos in levels, on a 390 x 844 phone: each demo's level name, the line of
// its checks and its cluster's picture in one screen.
tests.push(['a demo opened in a level: its name, its checks\' line and its picture in one 390 x 844 screen', async () => {
  const page = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}/fixtures/levels-en.html`);
  await page.waitForFunction(() => document.querySelectorAll('[data-state="level-strip"]').length === 3);
  const { demos, out } = await page.evaluate(levelInOneScreen);
  assertEq(demos, 3, 'demos');
  assertEq(out.join('\n'), '', 'in one screen');
  await page.locator('[data-kubevol-root="csi"]').screenshot({ path: `${OUT}/level-390x844-en.png` });
  page.assertClean();
  await page.context().close();
}]);
tests.push(['on a touch screen the prompt\'s field is 16 px or more, so the browser does not zoom into it', async () => {
  const page = await watchedPage(browser, { viewport: { width: 390, height: 900 }, hasTouch: true, isMobile: true });
  await page.goto(`${server.url}/book-en.html`);
  const demo = page.locator('[data-kubevol-root]').first();
  await demo.locator('.kv-folds [data-action="kubectl"]').click();
  await demo.locator('.kv-folds [data-action="type-kubectl"]').click();
  const size = await demo.locator('[data-state="kubectl-prompt"]').evaluate((f) => parseFloat(getComputedStyle(f).fontSize));
  assert(size >= 16, `the field's font: ${size} px`);
  await page.context().close();
}]);
// Pictures to look at, not references: at 390 px, light and dark, ja and en, the kubectl fold with
// a VolumeAttachment listed, the StatefulSet lanes after five steps, and the prompt after ten
// commands (tests/e2e/out/narrow-*.png).
for (const theme of ['light', 'dark']) {
  for (const [lang, book, gallery] of [['ja', '/book.html', '/index.html'], ['en', '/book-en.html', '/en.html']]) {
    tests.push([`pictures at 390 px, ${theme}, ${lang}: the kubectl fold, the lanes, the prompt`, async () => {
      const page = await watchedPage(browser, { viewport: { width: 390, height: 900 }, colorScheme: theme });
      const shoot = (what, locator) => locator.screenshot({ path: `${OUT}/narrow-${what}-390-${theme}-${lang}.png` });
      await page.goto(`${server.url}${book}`);
      if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
      const csi = page.locator('[data-kubevol-root]').first();
      await csi.locator('[data-action="attach"][data-node="node-a"]').click();
      await csi.locator('.kv-folds [data-action="kubectl"]').click();
      await csi.locator('[data-action="kubectl-object"][data-value^="volumeattachments/"]').waitFor();
      await shoot('kubectl', csi.locator('[data-state="kubectl"]'));
      await csi.locator('.kv-folds [data-action="type-kubectl"]').click();
      const field = csi.locator('[data-state="kubectl-prompt"]');
      for (const command of COMMANDS.slice(0, 10)) {
        await field.fill(command);
        await field.press('Enter');
      }
      await shoot('prompt', csi.locator('[data-state="type-kubectl"]'));
      await page.goto(`${server.url}${gallery}`);
      if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
      const sts = page.locator('[data-kubevol-root="statefulset"]');
      for (let i = 0; i < 5; i++) await sts.locator('[data-action="step"]').first().click();
      await shoot('lanes', sts.locator('.kv-lanes'));
      page.assertClean();
      await page.context().close();
    }]);
  }
}
await run('narrow', tests);
await browser.close();
await server.close();
