// The slow-phone figure: the CSI chapter of the VitePress book (tests/vitepress) on a phone-like
// connection, cold. Headless Chromium emulates Slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s
// up) and a 4x slower CPU; the server sends brotli, as a real host does. Per load it records
//   (a) when the demo first answers a click (its first control, clicked as soon as it exists),
//   (b) when VitePress's own UI first answers: its appearance switch, clicked every 25 ms until
//       the page turns dark (before hydration a click does nothing),
// and the bytes the page transferred. The same chapter without its demo (measure/csi-without-demo,
// the same prose from the same files) gives (b) and the bytes on their own. A third variant opens
// the demo's kubectl fold as soon as the demo answers, before the page is idle (so before the
// loader fetches the folds' part ahead): (c) the time from that click to the panel's first row,
// its part fetched on demand. Prints medians over LOADS cold loads of each, interleaved, and the
// resource waterfall of the median load.
// Each chapter (CSI, StatefulSet, topology) also records
//   (d) when the demo's first control is on screen: the first animation frame that has it, or the
//       page's first contentful paint if it was there before (each demo's first screen is rendered
//       into the page at build time, so a reader sees it with the page's first paint), beside
//       (e) the page's first contentful paint,
// over LOADS cold loads of the StatefulSet and topology chapters as well.
// With --hints, a fourth variant adds to the chapter's <head> the preload hints a book could add
// per page (modulepreload for the glue, preload for the wasm), to measure whether they help.
//   node scripts/slow-phone.mjs [book dist] [--loads N] [--hints] [--verbose]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/static-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const site = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))
  ?? fileURLToPath(new URL('../tests/vitepress/docs/.vitepress/dist', import.meta.url));
const LOADS = Number(option('--loads', 7));
const VERBOSE = args.includes('--verbose'); // one line per load: when the key files arrived
const VARIANTS = {
  demo: '/parts/csi.html', 'no demo': '/measure/csi-without-demo.html', kubectl: '/parts/csi.html?kubectl',
  statefulset: '/parts/statefulset.html', topology: '/parts/topology.html',
};
const CHAPTERS = { csi: 'demo', statefulset: 'statefulset', topology: 'topology' };
if (args.includes('--hints')) VARIANTS['demo + hints'] = '/parts/csi.html?hints';
// `--vue`: the book's page whose demo is the Vue component opened at a scenario: its demo waits
// for the script API's module (crates/api), which reads the scenario.
if (args.includes('--vue')) VARIANTS.vue = '/parts/vue.html';
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CPU = 4;
const DEMO = ['[data-kubevol-demo] [data-action="attach"][data-node="node-a"]', '[data-node="node-a"] [data-state="disk"]',
  '[data-kubevol-demo] .kv-folds [data-action="kubectl"]'];
// On the Vue page the claim is already on node-a (the scenario): node-b's attach is refused.
const VUE_DEMO = ['[data-kubevol-demo] [data-action="attach"][data-node="node-b"]', '[data-state="verdict"]', DEMO[2]];
// The other chapters' main buttons: a StatefulSet step, and a step of the topology chapter's own demo.
const STS_DEMO = ['[data-kubevol-demo] [data-action="step"]', '[data-state="step"]', DEMO[2]];
const TOPOLOGY_DEMO = ['[data-kubevol-demo][data-preset="spread"] [data-action="step"]', '[data-state="step"]', DEMO[2]];
const demoOf = (url) => (url.endsWith('/parts/vue.html') ? VUE_DEMO : url.endsWith('/parts/statefulset.html') ? STS_DEMO
  : url.endsWith('/parts/topology.html') ? TOPOLOGY_DEMO : DEMO);

function probes([control, readout, fold]) {
  const t = () => performance.now();
  // (c): open the kubectl fold once the demo has answered, before the page is idle, and time its
  // first row. The idle-time fetch of the folds' part is held off for this variant.
  if (location.search === '?kubectl') {
    window.requestIdleCallback = () => 0;
    const opened = setInterval(() => {
      if (window.__demo === undefined) return;
      clearInterval(opened);
      const toggle = document.querySelector(fold);
      const at = t();
      new MutationObserver((_, done) => {
        if (document.querySelector('[data-state="kubectl-get"]')) { done.disconnect(); window.__fold = t() - at; }
      }).observe(document, { subtree: true, childList: true });
      toggle.click();
    }, 25);
  }
  // (d): the first frame whose DOM has the demo's first control (a frame's callbacks run before
  // it is painted).
  const frame = () => {
    if (document.querySelector(control)) window.__onscreen = t();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // (a): click the demo's control the moment it is live (its first screen is on the page before
  // then, rendered at build time); its read-out changing is the answer.
  new MutationObserver((_, watch) => {
    const button = document.querySelector(control);
    if (!button?.closest('[data-kubevol-mounted]')) return;
    watch.disconnect();
    const host = button.closest('[data-kubevol-demo]');
    const before = host.querySelector(readout)?.textContent;
    const answered = () => host.querySelector(readout)?.textContent !== before;
    new MutationObserver((_, done) => {
      if (answered()) { done.disconnect(); window.__demo = t(); }
    }).observe(host, { subtree: true, childList: true, characterData: true });
    button.click();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-kubevol-mounted'] });
  // (b): click VitePress's appearance switch until the page turns dark.
  // (The document has no <html> element yet when this runs, so the whole document is watched.)
  new MutationObserver((_, watch) => {
    if (document.documentElement.classList.contains('dark')) { watch.disconnect(); window.__page = t(); }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  const poke = setInterval(() => {
    if (window.__page !== undefined) { clearInterval(poke); return; }
    document.querySelector('.VPSwitchAppearance')?.click();
  }, 25);
}

async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light', deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.addInitScript(probes, demoOf(url));
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const withDemo = await page.evaluate(() => document.querySelector('[data-kubevol-demo]') !== null);
  const fold = url.endsWith('?kubectl');
  await page.waitForFunction(([withDemo, fold]) => window.__page !== undefined && (!withDemo || window.__demo !== undefined)
    && (!fold || window.__fold !== undefined), [withDemo, fold], { timeout: 60_000 });
  await page.waitForTimeout(1500); // let late requests (fonts, prefetches) finish before counting bytes
  const result = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const short = (url) => new URL(url).pathname.replace(/^\/(assets\/(chunks\/)?)?/, '');
    return {
      demo: window.__demo ?? null,
      onscreen: window.__onscreen ?? null,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      page: window.__page,
      fold: window.__fold ?? null,
      bytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
      waterfall: [nav, ...resources].map((r) => ({
        name: r.entryType === 'navigation' ? short(location.href) : short(r.name),
        start: r.startTime, end: r.responseEnd, bytes: r.transferSize,
      })),
    };
  });
  await context.close();
  return result;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;

// The hints variant: the same page, with the main part's files named in its <head>.
const files = JSON.parse(readFileSync(`${site}/kubevol/kubevol-files.json`, 'utf8')).main;
const HINTS = `<link rel="modulepreload" href="/kubevol/${files.js}">`
  + `<link rel="preload" href="/kubevol/${files.wasm}" as="fetch" type="application/wasm" crossorigin>`;
const rewrite = (url, html) => (url.search === '?hints' ? html.replace('<meta charset="utf-8">', `<meta charset="utf-8">${HINTS}`) : undefined);
const server = await startServer(site, { rewrite });
const browser = await launch();
// One load of each, not counted: the server compresses each file once, on its first request.
for (const path of Object.values(VARIANTS)) {
  const page = await browser.newPage();
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await page.close();
}
const runs = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, []]));
const arrived = (r, pattern) => Math.round(r.waterfall.find((w) => pattern.test(w.name))?.end ?? NaN);
for (let i = 0; i < LOADS; i++) {
  for (const [variant, path] of Object.entries(VARIANTS)) {
    const r = await load(browser, `${server.url}${path}`);
    runs[variant].push(r);
    if (VERBOSE) {
      console.log(`  ${variant.padEnd(8)} framework ${arrived(r, /^framework/)}  font ${arrived(r, /woff2$/)}`
        + `  wasm ${arrived(r, /\.wasm$/)}  demo ${Math.round(r.demo ?? NaN)}  page ${Math.round(r.page)}`);
    }
  }
}
await browser.close();
await server.close();

const a = median(runs.demo.map((r) => r.demo));
const b = median(runs.demo.map((r) => r.page));
const bAlone = median(runs['no demo'].map((r) => r.page));
const bytes = median(runs.demo.map((r) => r.bytes));
const bytesAlone = median(runs['no demo'].map((r) => r.bytes));
console.log(`slow phone: the CSI chapter of the VitePress book, Slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up)`
  + ` + ${CPU}x CPU slowdown, brotli, median of ${LOADS} cold loads`);
console.log(`  (a) the demo answers a click            ${s(a)}   (loads: ${runs.demo.map((r) => s(r.demo)).join(', ')})`);
console.log(`  (b) VitePress answers (appearance)      ${s(b)}   (loads: ${runs.demo.map((r) => s(r.page)).join(', ')})`);
console.log(`  a / b = ${(a / b).toFixed(2)}   (goal: at most 1.0, the demo usable no later than the page around it)`
  + `${a <= b ? '  met' : '  NOT MET'}`);
console.log(`  (b) the same chapter without the demo   ${s(bAlone)}   (loads: ${runs['no demo'].map((r) => s(r.page)).join(', ')})`);
console.log(`  b with / without the demo = ${(b / bAlone).toFixed(2)}   (goal: at most 1.05, the demo does not delay the page)`
  + `${b <= 1.05 * bAlone ? '  met' : '  NOT MET'}`);
console.log(`  bytes the page transfers: ${kb(bytes)} with the demo, ${kb(bytesAlone)} without (+${kb(bytes - bytesAlone)})`);
const c = median(runs.kubectl.map((r) => r.fold));
console.log(`  (c) "kubectl で見ると" clicked as the demo answers, to its first row, its part fetched then   ${s(c)}`
  + `   (loads: ${runs.kubectl.map((r) => s(r.fold)).join(', ')})`);
// (d) and (e), chapter by chapter, beside (a) and (b).
const chapters = {};
console.log(`  each chapter's demo on screen: (d) its first control in a painted frame, (e) the page's first contentful paint`);
for (const [chapter, variant] of Object.entries(CHAPTERS)) {
  const loads = runs[variant];
  const fcp = median(loads.map((r) => r.fcp));
  const onscreen = median(loads.map((r) => Math.max(r.onscreen, r.fcp)));
  const [demo, page] = [median(loads.map((r) => r.demo)), median(loads.map((r) => r.page))];
  chapters[chapter] = { onscreen_ms: onscreen, fcp_ms: fcp, demo_ms: demo, page_ms: page };
  console.log(`    ${chapter.padEnd(12)} (d) ${s(onscreen)}  (e) ${s(fcp)}  d - e = ${Math.round(onscreen - fcp)} ms`
    + ` (goal: at most 100 ms)${onscreen - fcp <= 100 ? '  met' : '  NOT MET'}`
    + `   the demo answers a click ${s(demo)}, VitePress ${s(page)}   (d loads: ${loads.map((r) => s(Math.max(r.onscreen, r.fcp))).join(', ')})`);
}
// The waterfalls of the median loads: what started when, and when it had arrived.
function waterfall(title, load) {
  console.log(`  ${title} (ms from navigation start: requested .. arrived, bytes):`);
  for (const r of load.waterfall.sort((x, y) => x.start - y.start)) {
    console.log(`    ${r.name.padEnd(44)} ${String(Math.round(r.start)).padStart(5)} .. ${String(Math.round(r.end)).padStart(5)}  ${String(r.bytes).padStart(7)}`);
  }
  console.log(`    ${load.demo === null ? '' : `demo answered at ${Math.round(load.demo)}, `}VitePress answered at ${Math.round(load.page)}`);
}
waterfall('with the demo, its median load', runs.demo.find((r) => r.demo === a));
waterfall('without the demo, its median load', runs['no demo'].find((r) => r.page === bAlone));
if (runs['demo + hints']) {
  const hinted = runs['demo + hints'];
  console.log(`  with preload hints in the page's <head>: (a) ${s(median(hinted.map((r) => r.demo)))},`
    + ` (b) ${s(median(hinted.map((r) => r.page)))}; the wasm arrived at ${s(median(hinted.map((r) => arrived(r, /\.wasm$/))))}`
    + ` against ${s(median(runs.demo.map((r) => arrived(r, /\.wasm$/))))} without them`);
}
if (runs.vue) {
  const vue = median(runs.vue.map((r) => r.demo));
  console.log(`  the Vue component at a scenario (/parts/vue.html): (a) ${s(vue)} (loads: ${runs.vue.map((r) => s(r.demo)).join(', ')}),`
    + ` ${(vue / a).toFixed(2)}x the chapter's; ${kb(median(runs.vue.map((r) => r.bytes)))} transferred;`
    + ` the script API's module arrived at ${s(median(runs.vue.map((r) => arrived(r, /^kubevol\/kubevol-api-.*\.wasm$/))))}`);
}
console.log(JSON.stringify({ slow_phone: { loads: LOADS, demo_ms: a, page_ms: b, page_without_demo_ms: bAlone,
  ratio: a / b, delay_ratio: b / bAlone, bytes, bytes_without_demo: bytesAlone, kubectl_fold_ms: c, chapters } }));
