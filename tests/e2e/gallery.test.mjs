// The release build as a reader loads it: the gallery page in headless Chromium, no console error,
// no failed request, and a demo that answers a click; and the gallery in the reader's language.
import { launch, watchedPage, run, assertEq } from './harness.mjs';
import { startServer } from './static-server.mjs';

const dist = process.argv[2] ?? 'dist';
const server = await startServer(dist);
const browser = await launch();

await run('gallery', [
  ['release build loads without errors and a demo answers a click', async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/index.html`);
    const demo = page.locator('[data-kubevol-demo="csi"]').first();
    // Rendered at build time, then live: the click below is a live demo's.
    await page.locator('[data-kubevol-demo="csi"][data-kubevol-mounted] > [data-kubevol-root]').first().waitFor();
    assertEq(await demo.locator('[data-state="title"]').textContent(), 'CSI とボリューム', 'title');
    await demo.locator('[data-action="lang"]').click();
    assertEq(await demo.locator('[data-state="title"]').textContent(), 'CSI and volumes', 'title after switch');
    page.assertClean();
    await page.context().close();
  }],
  ['a reader landing on / gets the gallery in their browser\'s language, and a link to either page is kept', async () => {
    for (const [locale, path, lang] of [['en-US', '/en.html', 'en'], ['ja-JP', '/', 'ja'], ['fr-FR', '/', 'ja'], ['fr-FR,en', '/en.html', 'en']]) {
      const [first, ...more] = locale.split(',');
      const page = await watchedPage(browser, { locale: first });
      if (more.length) await page.addInitScript((langs) => Object.defineProperty(navigator, 'languages', { get: () => langs }), [first, ...more]);
      await page.goto(`${server.url}/`);
      await page.waitForFunction((path) => location.pathname === path, path);
      assertEq(await page.evaluate(() => document.documentElement.lang), lang, `${locale}: the gallery's language`);
      // What each demo is for, in one sentence each, before the first demo.
      const before = await page.evaluate(() => [...document.querySelectorAll('.gallery-for li')]
        .filter((li) => li.compareDocumentPosition(document.querySelector('[data-kubevol-demo]')) & Node.DOCUMENT_POSITION_FOLLOWING).length);
      assertEq(before, 3, `${locale}: a sentence per demo before the demos`);
      assertEq(await page.locator(`[data-kubevol-demo][data-lang="${lang}"]`).count(), 3, `${locale}: the demos' language`);
      page.assertClean();
      await page.context().close();
    }
    // A link names its page: index.html stays Japanese for an English browser, and the switch is there.
    const page = await watchedPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/index.html`);
    await page.waitForTimeout(300);
    assertEq(new URL(page.url()).pathname, '/index.html', 'a link to the Japanese gallery');
    await page.locator('.gallery-lang a[hreflang="en"]').click();
    await page.waitForURL('**/en.html');
    await page.locator('.gallery-lang a[hreflang="ja"]').click();
    await page.waitForURL('**/index.html');
    page.assertClean();
    await page.context().close();
  }],
]);

await browser.close();
await server.close();
