// The release build as a reader loads it: the gallery page in headless Chromium, no console error,
// no failed request, and a demo that answers a click.
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
]);

await browser.close();
await server.close();
