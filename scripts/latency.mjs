// Click-to-DOM latency of the demos in the release build, headless Chromium: for each measured
// button, the time from a click until the last DOM mutation it caused (MutationObserver, after all
// microtasks have run), over 50 clicks. Each demo is placed as a book chapter places it, folds
// closed (the gallery opens them all, and an open kubectl panel recomputes on every click). Prints the median (and p90) beside the book's own figures.
//   node scripts/latency.mjs [dist]
import { launch, watchedPage, prependDemo } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/static-server.mjs';

const dist = process.argv[2] ?? 'dist';
const CLICKS = 50;

// What each demo's measurement clicks, after an optional setup, and the book's figure for it.
const MEASURES = [
  {
    demo: 'csi',
    label: 'CSI: Pod に見せる (mount a new pod on node-a)',
    setup: ['[data-action="attach"][data-node="node-a"]'],
    button: '[data-action="mount"][data-node="node-a"]',
    book_ms: 1.2,
  },
  {
    demo: 'statefulset',
    label: 'StatefulSet: 1周期進める (step)',
    setup: [],
    button: '[data-action="step"]',
    book_ms: 1.7,
  },
  {
    demo: 'topology',
    label: 'Topology: 1周期進める (step, spread trap)',
    setup: [],
    button: '[data-action="step"]',
    book_ms: null,
  },
];

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const server = await startServer(dist);
const browser = await launch();
const results = [];
for (const m of MEASURES) {
  const page = await watchedPage(browser);
  await page.goto(`${server.url}/index.html`);
  const host = await prependDemo(page, 'measured', { kubevolDemo: m.demo });
  for (const s of m.setup) await host.locator(s).first().click();
  const times = await host.evaluate(async (el, { button, clicks }) => {
    let last = 0;
    const observer = new MutationObserver(() => { last = performance.now(); });
    observer.observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
    const out = [];
    for (let i = 0; i < clicks; i++) {
      last = 0;
      const target = el.querySelector(button);
      const started = performance.now();
      target.click();
      await new Promise((done) => setTimeout(done, 0));
      if (last === 0) throw new Error(`click ${i} on ${button} changed nothing`);
      out.push(last - started);
    }
    observer.disconnect();
    return out;
  }, { button: m.button, clicks: CLICKS });
  page.assertClean();
  await page.context().close();
  const sorted = [...times].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  results.push({ demo: m.demo, label: m.label, clicks: CLICKS, median_ms: median, p90_ms: quantile(sorted, 0.9), book_ms: m.book_ms });
}
await browser.close();
await server.close();

for (const r of results) {
  console.log(`${r.label}: median ${r.median_ms.toFixed(2)} ms, p90 ${r.p90_ms.toFixed(2)} ms over ${r.clicks} clicks` +
    (r.book_ms ? ` (book: ${r.book_ms} ms; ours is ${(r.median_ms / r.book_ms).toFixed(2)}x)` : ' (the book has no such demo)'));
}
console.log(JSON.stringify({ latency: results }));
