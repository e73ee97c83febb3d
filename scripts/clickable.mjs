// Clickable time of the example book page, release build, headless Chromium: from navigation start
// until the first demo control answers a click (the first DOM change after clicking it as soon as
// it exists). Median over 10 fresh loads, beside the book's own page (1,349 ms).
//   node scripts/clickable.mjs [dist]
import { launch, watchedPage } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/static-server.mjs';

const dist = process.argv[2] ?? 'dist';
const LOADS = 10;
const BOOK_MS = 1349;
const BUTTON = '[data-kubevol-demo] [data-action="attach"][data-node="node-a"]';

const server = await startServer(dist);
const browser = await launch();
const times = [];
for (let i = 0; i < LOADS; i++) {
  const page = await watchedPage(browser);
  await page.addInitScript((selector) => {
    // Watch the document from its very start; click the control the moment it appears.
    const watch = new MutationObserver(() => {
      const button = document.querySelector(selector);
      if (!button) return;
      watch.disconnect();
      const host = button.closest('[data-kubevol-demo]');
      const answer = new MutationObserver(() => {
        answer.disconnect();
        window.__clickable = performance.now();
      });
      answer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
      button.click();
    });
    watch.observe(document, { subtree: true, childList: true });
  }, BUTTON);
  await page.goto(`${server.url}/book.html`);
  await page.waitForFunction(() => window.__clickable !== undefined, null, { timeout: 10_000 });
  times.push(await page.evaluate(() => window.__clickable));
  page.assertClean();
  await page.context().close();
}
await browser.close();
await server.close();

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`clickable: median ${median.toFixed(0)} ms from navigation start to the first answered click over ${LOADS} loads` +
  ` (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)}; the book's page: ${BOOK_MS} ms; ours is ${(median / BOOK_MS).toFixed(2)}x)`);
console.log(JSON.stringify({ clickable_ms: { median, min: sorted[0], max: sorted[sorted.length - 1], loads: LOADS, book_ms: BOOK_MS } }));
