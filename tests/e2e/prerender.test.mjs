// The demos' first screens rendered at build time (crates/render, dist/kubevol-prerender.mjs),
// against the live demos in Chromium:
// - the same DOM: for every kind, preset and language, the rendered screen is the live first
//   render, once the not-yet-live marks (aria-disabled) and Leptos's markers (comments) are
//   removed;
// - the example page shows its rendered demos with the code held back, with JavaScript off too
//   (and says it needs JavaScript), and going live changes no pixel of them and shifts nothing;
// - a tap on a rendered button before the code arrives is applied once, when the demo is live;
// - a page opened at a share link shows the rendered start, then the linked moment at the same
//   height (its content scrolling inside) until the reader's first press: no layout shift;
// - the gallery's lab demos are rendered with their folds open, and fill in once live;
// - the fill command changes nothing when run twice.
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { changedPixels } from './pixels.mjs';
import { launch, watchedPage, run, assert, assertEq } from './harness.mjs';
import { startServer } from './static-server.mjs';

const dist = process.argv[2] ?? 'dist';
const root = fileURLToPath(new URL('../..', import.meta.url));
const OUT = `${root}tests/e2e/out`;
mkdirSync(OUT, { recursive: true });
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const { renderDemo, presets, fillHtml } = await import(`${root}${dist}/kubevol-prerender.mjs`);
const FILES = JSON.parse(readFileSync(`${dist}/kubevol-files.json`, 'utf8'));
const server = await startServer(dist, { mounts: { '/fixtures/': fixtures } });
// The code is held back until the test lets it go (`release()`), as a slow phone's network would.
let release;
let held = new Promise((r) => { release = r; });
const holding = await startServer(dist, { delay: (path) => (path.endsWith('.wasm') ? held.then(() => 0) : 0) });
const browser = await launch();

// In the page: the DOM of `html` as a comparable string. Comments (Leptos's markers) go, and the
// marks of not being live.
function normalised(html) {
  const box = document.createElement('div');
  box.innerHTML = html;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_COMMENT);
  const comments = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.remove());
  box.querySelectorAll('[aria-disabled]').forEach((e) => e.removeAttribute('aria-disabled'));
  // A lab view's open folds: the rendered one says its part is loading, the live one may have its
  // part already (they are the same demo's parts, fetched once for the page). Their panels and
  // headings are compared; what a part shows is its own.
  box.querySelectorAll('.kv-fold-panel > :not(.kv-h)').forEach((e) => e.remove());
  box.normalize();
  // Attributes in one order: the server writes them as the view lists them, the browser's
  // renderer sets some (class) first; the DOM is the same.
  for (const e of box.querySelectorAll('*')) {
    const attrs = [...e.attributes].map((a) => [a.name, a.value]).sort(([a], [b]) => (a < b ? -1 : 1));
    attrs.forEach(([n]) => e.removeAttribute(n));
    attrs.forEach(([n, v]) => e.setAttribute(n, v));
    // The same classes and declarations, however the string spelled them.
    if (e.hasAttribute('class')) e.setAttribute('class', [...e.classList].join(' '));
    if (e.getAttribute('class') === '') e.removeAttribute('class'); // the server writes an empty class
    if (e.hasAttribute('style')) e.setAttribute('style', e.style.cssText);
  }
  return box.innerHTML;
}

const combos = [];
for (const kind of ['csi', 'statefulset', 'topology']) {
  for (const preset of presets(kind)) {
    for (const lang of ['ja', 'en']) for (const view of [null, 'lab']) combos.push({ kind, preset, lang, view });
  }
}

await run('prerender', [
  [`the rendered first screen is the live first render, for each of ${combos.length} kinds, presets, languages and views`, async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/fixtures/empty.html`);
    const differ = [];
    for (const { kind, preset, lang, view } of combos) {
      const rendered = renderDemo({ kind, lang, preset, view });
      const live = await page.evaluate(async ({ kind, preset, lang, view }) => {
        const { mountDemo, unmountDemo } = await import('/kubevol.js');
        const el = document.createElement('div');
        el.dataset.kubevolDemo = kind;
        el.dataset.lang = lang;
        if (preset) el.dataset.preset = preset;
        if (view) el.dataset.view = view;
        document.querySelector('main').append(el);
        await mountDemo(el, { kind, lang, preset: preset ?? undefined });
        const html = el.innerHTML;
        await unmountDemo(el);
        el.remove();
        return html;
      }, { kind, preset, lang, view });
      const [a, b] = await page.evaluate(([a, b, fn]) => {
        const normalised = new Function(`return (${fn})`)();
        return [normalised(a), normalised(b)];
      }, [rendered, live, normalised.toString()]);
      if (a !== b) {
        let at = 0;
        while (a[at] === b[at]) at++;
        differ.push(`${kind} ${preset ?? '(default)'} ${lang} ${view ?? 'chapter'}: at ${at}\n  rendered …${a.slice(Math.max(0, at - 80), at + 80)}\n  live     …${b.slice(Math.max(0, at - 80), at + 80)}`);
      }
    }
    assertEq(differ.join('\n'), '', 'combinations whose rendered screen is not the live one');
    await page.close();
  }],
  // Each example page (ja and en), light and dark, at 390, 720 and 1024 px.
  ...[['book.html', 'ja'], ['book-en.html', 'en']].flatMap(([file, lang]) => ['light', 'dark'].flatMap((theme) => [390, 720, 1024].map((width) => [
    `${file} (${lang}) at ${width} px, ${theme}: its demos rendered, on screen with the code held back, and live with no pixel changed`, async () => {
      held = new Promise((r) => { release = r; });
      const page = await watchedPage(browser, { viewport: { width, height: 900 } });
      // The page's appearance switch keeps its choice as VitePress's does.
      await page.addInitScript((theme) => localStorage.setItem('vitepress-theme-appearance', theme), theme);
      await page.goto(`${holding.url}/${file}`);
      assertEq(await page.evaluate(() => document.documentElement.classList.contains('dark')), theme === 'dark', 'the page\'s theme');
      const demo = page.locator('[data-kubevol-demo]').first();
      assertEq(await page.locator('[data-kubevol-rendered] [data-kubevol-root]').count(), 2, 'rendered demos before any wasm');
      assertEq(await page.locator('[data-kubevol-mounted]').count(), 0, 'mounted demos before any wasm');
      assert(await demo.locator('button[aria-disabled="true"]').count() > 5, 'its buttons are announced as not ready');
      // Where the demo is on the page (not in the viewport: a screenshot scrolls it into view).
      const where = () => demo.evaluate((e) => { const r = e.getBoundingClientRect(); return JSON.stringify([r.x + scrollX, r.y + scrollY, r.width, r.height]); });
      // Settled: the fonts loaded, and no transition running (the example page's module script
      // sets its theme after the first paint, and a node card's border eases into the dark one).
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() => document.getAnimations().length === 0);
      const box = await where();
      const before = await demo.screenshot({ animations: 'disabled' });
      // Every layout shift while the demos go live, with what moved. Not the page's shifts before
      // (on a loaded machine its web font can arrive after the first paint and reflow the page's
      // own text), nor a screenshot's: a demo taller than the window is shot with the window made
      // as tall for a moment, which moves the whole page (shifts of 1, "MAIN").
      await page.evaluate(() => {
        window.shifts = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) window.shifts.push({ value: e.value, moved: e.sources.map((s) => s.node?.nodeName ?? '?').join() });
        }).observe({ type: 'layout-shift' });
      });
      release();
      await page.waitForFunction(() => document.querySelectorAll('[data-kubevol-mounted]').length === 2);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const shifts = await page.evaluate(() => window.shifts);
      await page.mouse.move(0, 0);
      const after = await demo.screenshot({ animations: 'disabled' });
      assertEq(await where(), box, 'the demo\'s place and size on the page before and after it is live');
      assertEq(JSON.stringify(shifts), '[]', 'the page\'s layout shifts as its demos went live');
      assertEq(await demo.locator('[aria-disabled]').count(), 0, 'marks left once live');
      const name = `prerender-${lang}-${theme}-${width}`;
      writeFileSync(`${OUT}/${name}-rendered.png`, before);
      writeFileSync(`${OUT}/${name}-live.png`, after);
      assertEq(changedPixels(before, after), 0, `pixels that changed as the demo went live (${name}-*.png)`);
      await page.close();
      held = new Promise((r) => { release = r; });
    }]))),
  ['a tap before the code arrives is applied once, when the demo is live', async () => {
    held = new Promise((r) => { release = r; });
    const page = await watchedPage(browser);
    await page.goto(`${holding.url}/book.html`);
    const demo = page.locator('[data-kubevol-demo]').first();
    // force: Playwright waits for a control with aria-disabled to be enabled; a reader's tap does not.
    await demo.locator('[data-action="attach"][data-node="node-a"]').click({ force: true });
    const disk = demo.locator('[data-node="node-a"] [data-state="disk"]');
    assertEq((await disk.textContent()).trim(), '繋がっていない', 'not live yet: nothing happened');
    release();
    await page.waitForFunction(() => document.querySelectorAll('[data-kubevol-mounted]').length === 2);
    await page.waitForFunction(() => document.querySelector('[data-kubevol-demo] [data-node="node-a"] [data-state="disk"]')?.textContent.includes('pv-1'));
    const log = await demo.locator('.kv-log li, .kv-log [data-line], .kv-log-line').count();
    assert(log >= 1, `the log shows the attach (${log} lines)`);
    assertEq((await demo.locator('[data-node="node-b"] [data-state="disk"]').textContent()).trim(), '繋がっていない', 'node-b untouched');
    await page.close();
    held = new Promise((r) => { release = r; });
  }],
  ['the gallery shows its lab demos rendered, every fold open and loading, with the code held back; live, the folds fill in', async () => {
    held = new Promise((r) => { release = r; });
    const page = await watchedPage(browser, { viewport: { width: 1024, height: 900 } });
    await page.goto(`${holding.url}/index.html`);
    const demos = page.locator('[data-kubevol-demo][data-view="lab"]');
    assertEq(await demos.count(), 3, 'lab demos on the gallery');
    assertEq(await page.locator('[data-view="lab"][data-kubevol-rendered] > [data-kubevol-root]').count(), 3, 'rendered before any wasm');
    const panels = await page.locator('[data-view="lab"] .kv-fold-panel:not([hidden])').count();
    assert(panels >= 12, `open fold panels before any wasm: ${panels}`);
    assertEq(await page.locator('[data-view="lab"] [data-state="part-loading"]').count(), panels, 'each says its part is loading');
    assertEq(await page.locator('[data-view="lab"] [aria-expanded="false"]').count(), 0, 'no toggle says closed');
    const box = await demos.first().boundingBox();
    assert(box.height > 600, `the first demo is ${box.height} px tall`);
    release();
    await page.waitForFunction(() => document.querySelectorAll('[data-view="lab"][data-kubevol-mounted]').length === 3);
    await page.waitForFunction(() => document.querySelectorAll('[data-state="part-loading"], [data-state="part-failed"]').length === 0);
    // Live, each lab demo's kubectl panel holds one fold more, open too: the kubectl prompt's.
    assertEq(await page.locator('[data-view="lab"] .kv-fold-panel:not([hidden])').count(), panels + 3, 'open fold panels once live');
    assertEq(await page.locator('[data-view="lab"] [data-state="type-kubectl"]:not([hidden]) [data-state="kubectl-prompt"]').count(), 3, 'each lab demo\'s prompt, open');
    assertEq(await page.locator('[data-view="lab"] [aria-disabled]').count(), 0, 'marks left once live');
    const csi = demos.first();
    await csi.locator('[data-action="attach"][data-node="node-a"]').click();
    await page.waitForFunction(() => document.querySelector('[data-view="lab"] [data-node="node-a"] [data-state="disk"]')?.textContent.includes('pv-1'));
    page.assertClean();
    await page.close();
    held = new Promise((r) => { release = r; });
  }],
  ['a page opened at a share link shows the rendered start, then the linked moment, with no layout shift', async () => {
    // The link: attach and mount on node-a, shared from the live page.
    held = Promise.resolve();
    const live = await watchedPage(browser, { viewport: { width: 1024, height: 900 } });
    await live.goto(`${holding.url}/book.html`);
    await live.waitForFunction(() => document.querySelectorAll('[data-kubevol-mounted]').length === 2);
    const first = live.locator('[data-kubevol-demo="csi"]').first();
    for (const a of ['attach', 'mount', 'mount']) await first.locator(`[data-action="${a}"][data-node="node-a"]`).click();
    await first.locator('.kv-folds [data-action="history"]').click();
    await first.locator('[data-action="share"]').click();
    const link = await first.locator('[data-state="share-link"]').inputValue();
    await live.close();
    assert(link.includes('#kubevol:csi:1:'), link);
    for (const width of [390, 1024]) {
      held = new Promise((r) => { release = r; });
      const page = await watchedPage(browser, { viewport: { width, height: 900 } });
      await page.addInitScript(() => {
        window.shifts = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.shifts.push([e.value, e.hadRecentInput]); }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(link);
      const demo = page.locator('[data-kubevol-demo="csi"]').first();
      await page.locator('[data-kubevol-rendered] > [data-kubevol-root]').first().waitFor();
      const rendered = (await demo.boundingBox()).height;
      const below = page.locator('[data-kubevol-demo="csi"] ~ *').first();
      const belowAt = await below.evaluate((e) => e.getBoundingClientRect().top + scrollY);
      // Only the shifts while the demos go live: what the page does before, its font arriving
      // after its first paint on a loaded machine for one, is not the demos'.
      await page.evaluate(async () => { await document.fonts.ready; window.shifts = []; });
      release();
      await page.waitForFunction(() => document.querySelector('[data-kubevol-demo] [data-node="node-a"] [data-state="disk"]')?.textContent.includes('pv-1') && document.querySelectorAll('[data-kubevol-mounted]').length === 2);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const shifts = await page.evaluate(() => window.shifts);
      assertEq(JSON.stringify(shifts.filter(([, input]) => !input)), '[]', `${width} px: layout shifts as the linked moment went live`);
      assertEq((await demo.boundingBox()).height, rendered, `${width} px: the demo keeps the rendered height`);
      assertEq(await below.evaluate((e) => e.getBoundingClientRect().top + scrollY), belowAt, `${width} px: what follows the demo stays`);
      const natural = await demo.evaluate((e) => e.scrollHeight);
      assert(natural !== rendered, `${width} px: the linked moment has a height of its own (${natural} px)`);
      assertEq(await demo.getAttribute('data-kubevol-held'), '', `${width} px: held`);
      // The reader's first press frees it, and does what it pressed (the demo grows under the
      // pointer only once the click has found its button): the demo takes its own height.
      await demo.locator('.kv-folds [data-action="history"]').click();
      assertEq(await demo.getAttribute('data-kubevol-held'), null, `${width} px: freed by a press`);
      await demo.locator('[data-state="history"]:not([hidden])').waitFor({ timeout: 5000 });
      const after = (await demo.boundingBox()).height;
      assert(Math.abs(after - rendered) > 1, `${width} px: its own height once freed (${after} px, rendered ${rendered} px)`);
      assertEq(JSON.stringify((await page.evaluate(() => window.shifts)).filter(([, input]) => !input)), '[]', `${width} px: no shift but the reader's`);
      page.assertClean();
      await page.close();
    }
  }],
  ['with JavaScript off the example page shows its demos at their size, saying they need JavaScript', async () => {
    for (const [page, lang, says] of [['book.html', 'ja', 'JavaScript を有効にすると'], ['book-en.html', 'en', 'interactive with JavaScript']]) {
      for (const width of [390, 1024]) {
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 1400 } });
        const p = await context.newPage();
        await p.goto(`${server.url}/${page}`);
        const demo = p.locator('[data-kubevol-demo]').first();
        const height = (await demo.boundingBox()).height;
        assert(height > 600, `${page} at ${width}: the demo is ${height} px tall`);
        assert(await demo.locator('button').count() > 5, `${page}: its controls are there`);
        const line = await demo.evaluate((e) => getComputedStyle(e, '::after').content);
        assert(line.includes(says), `${page}: says ${line}`);
        writeFileSync(`${OUT}/prerender-nojs-${lang}-${width}.png`, await p.screenshot({ fullPage: false }));
        await context.close();
      }
    }
  }],
  ['the fill command changes nothing when run again', async () => {
    const copy = `${OUT}/prerender-twice.html`;
    copyFileSync(`${dist}/book.html`, copy);
    const first = readFileSync(copy, 'utf8');
    execFileSync('node', [`${dist}/kubevol-prerender.mjs`, copy]);
    assertEq(readFileSync(copy, 'utf8'), first, 'book.html filled once more');
    const { html, rendered } = fillHtml('<p>x</p><div data-kubevol-demo="statefulset" data-lang="en"></div><div data-kubevol-demo="csi" data-view="lab"></div>');
    assertEq(rendered.join(), 'statefulset #1,csi #1', 'what a fresh page gets rendered: a chapter view and a lab view');
    assertEq(fillHtml(html).html, html, 'a filled page filled again');
    assert(FILES.main, 'the build lists its files');
  }],
]);
await browser.close();
server.close?.();
holding.close?.();
