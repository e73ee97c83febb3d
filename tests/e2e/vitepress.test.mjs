// The demos inside a real VitePress book, as a reader meets them: tests/vitepress, built by
// scripts/build-book.sh with the npm package installed exactly as the README says. Vue's hydration
// leaves the demos alone, client-side navigation mounts the arriving page's demos and frees the
// departing ones, the appearance switch recolours them, and the space each demo reserves fits the
// width VitePress's column gives it, with and without the sidebar. Each demo's first screen is in
// its page at build time (kubevol-lab/vitepress, the book's Markdown hook): in the built HTML, with
// JavaScript off too, and in the page's client-side render, so that no frame ever shows a demo
// loading, on a first load or after the sidebar; it goes live over that screen whether Vue
// hydrates before or after the demo's code has arrived.
//   ./scripts/build-book.sh && node tests/e2e/vitepress.test.mjs
// (The test command passes dist/ as to every suite; this one reads the book built from it.)
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch, watchedPage, run, assert, assertEq } from './harness.mjs';
import { startServer } from './static-server.mjs';
import { PAGES, PROBE, allMounted, answersInPage, reservationGaps } from './book-pages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const site = `${root}tests/vitepress/docs/.vitepress/dist`;
const server = await startServer(site);
// The wasm arrives 900 ms late here: the page, hydrated or not, shows the placeholders first.
const slow = await startServer(site, { delay: (path) => (path.endsWith('.wasm') ? 900 : 0) });
// The VitePress app's script (its hydration) or the demos' wasm held back until a test lets it go.
let release = () => {};
let holdApp = false;
let holdWasm = false;
let held = Promise.resolve();
const hold = () => { held = new Promise((r) => { release = r; }); };
const holding = await startServer(site, {
  delay: (path) => (((holdApp && /^\/assets\/app\.[\w-]+\.js$/.test(path)) || (holdWasm && path.endsWith('.wasm'))) ? held.then(() => 0) : 0),
});
const browser = await launch();
const OUT = `${root}tests/e2e/out`;
mkdirSync(OUT, { recursive: true });

const WIDTHS = [390, 720, 800, 1024, 1440];
// In the page: Vue has hydrated the VitePress app.
const hydrated = () => document.querySelector('#app')?.__vue_app__ !== undefined;
const roots = (page) => page.evaluate(() => [...document.querySelectorAll('[data-kubevol-root]')].map((r) => r.dataset.kubevolRoot));
const mountedDemos = (page) => page.evaluate(async () => (await import('/kubevol/kubevol.js')).mountedDemos());
const waitMounted = (page, n) => page.waitForFunction(allMounted, n);
// Clicks each demo's probe control; returns the kinds whose read-out changed.
const answers = (page) => page.evaluate(answersInPage, PROBE);

// Opens a demo's fold as a reader does (its toggle is `[data-action=name]`) and waits until its
// panel has drawn what its part shows.
async function openFold(demo, name) {
  await demo.locator(`.kv-folds [data-action="${name}"]`).click();
  await demo.locator(`[data-state="${name}"]:not([hidden])`).waitFor();
  await demo.locator(`[data-state="${name}"] [data-state="part-loading"]`).waitFor({ state: 'detached' });
}

// A demo's read-outs (`[data-state=...]`) that a reader compares between a shared moment and its
// link's.
const readOuts = (demo, states) =>
  demo.evaluate((d, states) => states.map((s) => d.querySelector(`[data-state="${s}"]`).textContent), states);

// Opens a CSI chapter's share link in a fresh page, as the reader it was sent to does, and waits
// until its demo shows the pod the link's history mounted (web-1 on node-a).
async function openCsiLink(url) {
  const fresh = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
  await watchShifts(fresh);
  await fresh.goto(url);
  await waitMounted(fresh, 1);
  const opened = fresh.locator('[data-kubevol-demo="csi"]');
  await opened.locator('[data-node="node-a"] [data-state="pods"]').filter({ hasText: 'web-1' }).waitFor();
  await fresh.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await noShifts(fresh);
  return { fresh, opened };
}

// Records in `window.shifts` each layout shift of the chapter's text (.vp-doc) that no input
// caused, with what moved. VitePress's own bar and outline marker move as the page scrolls to a
// linked demo, which is none of a demo's doing.
async function watchShifts(page) {
  await page.addInitScript(() => {
    const inText = (n) => (n?.nodeType === 1 ? n : n?.parentElement)?.closest('.vp-doc');
    window.shifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        const moved = e.sources.filter((s) => inText(s.node));
        if (!e.hadRecentInput && moved.length) window.shifts.push({ value: e.value, moved: moved.map((s) => `${s.node.nodeName}.${s.node.className} ${s.previousRect.y}->${s.currentRect.y}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

// The chapter rendered its start into the page; the linked moment, another height, comes in at
// the start's height until the reader's first click, so nothing on the page moves.
async function noShifts(page) {
  assertEq(JSON.stringify(await page.evaluate(() => window.shifts)), '[]', 'the chapter\'s layout shifts as the linked moment went live');
}

// Follows a sidebar link as a reader does, and waits until VitePress has shown the page.
async function follow(page, path) {
  await page.locator(`.VPSidebar a[href="${path}"]`).first().click();
  await page.waitForFunction((path) => location.pathname === path, path);
}

// The Chrome DevTools counters: live DOM nodes, event listeners, JS heap, after a full GC.
async function counters(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const heap = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  const wasm = await page.evaluate(async () => (await import('/kubevol/kubevol.js')).wasmMemory?.() ?? {});
  return { nodes: dom.nodes, listeners: dom.jsEventListeners, heap: heap.usedSize, wasm };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

await run('vitepress', [
  ['every page holds its demos\' first screens in its HTML and in its client-side render', async () => {
    const assets = readdirSync(`${site}/assets`);
    for (const [path, kinds] of Object.entries(PAGES)) {
      const html = readFileSync(`${site}${path}`, 'utf8');
      assertEq((html.match(/data-kubevol-rendered/g) ?? []).length, kinds.length, `${path}: rendered placeholders in the built HTML`);
      assertEq((html.match(/data-kubevol-root=/g) ?? []).length, kinds.length, `${path}: demo roots in the built HTML`);
      // The page's chunk for client-side navigation (not the lean one hydration uses).
      const chunk = assets.find((f) => f.startsWith(`${path.slice(1).replace('/', '_').replace('.html', '.md')}.`) && !f.includes('.lean.'));
      const js = readFileSync(`${site}/assets/${chunk}`, 'utf8');
      assertEq((js.match(/data-kubevol-root=/g) ?? []).length, kinds.length, `${path}: demo roots in its client chunk ${chunk}`);
    }
    // The Vue component whose scenario is written out in the Markdown is rendered at that moment;
    // the one bound to the page's script is left to the browser.
    const vue = readFileSync(`${site}/parts/vue.html`, 'utf8');
    assertEq((vue.match(/data-kubevol-root=/g) ?? []).length, 1, '/parts/vue.html: rendered Vue components');
    assert(/data-state="disk">pv-1 が繋がっている/.test(vue), '/parts/vue.html: the rendered component shows its scenario\'s moment');
  }],
  ['with JavaScript off every chapter shows its demos with their controls and texts, saying they need JavaScript', async () => {
    for (const [path, kinds] of Object.entries(PAGES)) {
      for (const width of [390, 1024]) {
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 1200 } });
        const page = await context.newPage();
        await page.goto(`${server.url}${path}`);
        const demos = page.locator('[data-kubevol-demo]');
        assertEq(await demos.count(), kinds.length, `${path} at ${width}: demos`);
        for (let i = 0; i < kinds.length; i++) {
          const demo = demos.nth(i);
          const { height } = await demo.boundingBox();
          assert(height > 500, `${path} at ${width}: demo ${i + 1} is ${height} px tall`);
          assert(await demo.locator('button').count() > 5, `${path}: demo ${i + 1}'s controls`);
          assert((await demo.locator('[data-state="verdict"]').textContent()).trim().length > 5, `${path}: demo ${i + 1}'s verdict`);
          const line = await demo.evaluate((e) => getComputedStyle(e, '::after').content);
          assert(/JavaScript/.test(line), `${path}: demo ${i + 1} says ${line}`);
        }
        await demos.first().scrollIntoViewIfNeeded();
        writeFileSync(`${OUT}/vitepress-nojs-${path.split('/').pop().replace('.html', '')}-${width}.png`, await page.screenshot());
        await context.close();
      }
    }
  }],
  ['a chapter reached through the sidebar shows its demo in the first frame after the navigation, never a loading one', async () => {
    // The wasm comes 900 ms late: a demo that waited for it would show its loading frame meanwhile.
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${slow.url}/`);
    await page.evaluate(() => { window.__sameDocument = true; });
    let before = '';
    for (const path of ['/parts/csi.html', '/parts/topology.html', '/parts/statefulset.html', '/parts/together.html', '/parts/csi.html']) {
      // Every animation frame from the click on: the page's path, its demos, and those with a screen.
      await page.evaluate(() => {
        window.__frames = [];
        const frame = () => {
          const hosts = [...document.querySelectorAll('.vp-doc [data-kubevol-demo]')];
          window.__frames.push({ path: location.pathname, kinds: hosts.map((h) => h.dataset.kubevolDemo).join(), hosts: hosts.length, shown: hosts.filter((h) => h.querySelector('[data-kubevol-root]')).length });
          window.__frameId = requestAnimationFrame(frame);
        };
        window.__frameId = requestAnimationFrame(frame);
      });
      await follow(page, path);
      await waitMounted(page, PAGES[path].length);
      const frames = await page.evaluate(() => { cancelAnimationFrame(window.__frameId); return window.__frames; });
      const arrived = frames.filter((f) => f.path === path);
      assert(arrived.length > 0, `${path}: frames after the navigation`);
      const loading = arrived.filter((f) => f.hosts > 0 && f.shown < f.hosts);
      assertEq(loading.length, 0, `${path}: frames with a demo and no screen, of ${arrived.length} (${JSON.stringify(loading.slice(0, 3))})`);
      // Each frame shows the page left or the page arrived, whole: never a part of its demos.
      const partial = arrived.filter((f) => f.kinds !== before && f.kinds !== PAGES[path].join());
      assertEq(JSON.stringify(partial.slice(0, 3)), '[]', `${path}: frames with neither page's demos (from ${before || 'none'})`);
      assertEq(arrived.at(-1).kinds, PAGES[path].join(), `${path}: the demos of the last frame`);
      before = PAGES[path].join();
      assert(await page.evaluate(() => window.__sameDocument === true), `${path}: reached without a full reload`);
      assertEq(JSON.stringify(await answers(page)), JSON.stringify(PAGES[path]), `${path}: demos that answer a click`);
    }
    page.assertClean();
    await page.context().close();
  }],
  ['the rendered demos go live, once each, whether Vue hydrates before or after their code arrives', async () => {
    const path = '/parts/together.html';
    const kinds = PAGES[path];
    const state = (page) => page.evaluate(() => ({
      roots: document.querySelectorAll('[data-kubevol-root]').length,
      mounted: document.querySelectorAll('[data-kubevol-mounted]').length,
      hydrated: document.querySelector('#app')?.__vue_app__ !== undefined,
    }));
    for (const first of ['vue', 'demo']) {
      [holdApp, holdWasm] = [first === 'demo', first === 'vue'];
      hold();
      const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
      // 'commit': a held app script holds DOMContentLoaded back too (module scripts are deferred).
      await page.goto(`${holding.url}${path}`, { waitUntil: 'commit' });
      if (first === 'vue') await page.waitForFunction(hydrated);
      else await waitMounted(page, kinds.length);
      const between = await state(page);
      assertEq(JSON.stringify(between), JSON.stringify({ roots: kinds.length, mounted: first === 'vue' ? 0 : kinds.length, hydrated: first === 'vue' }),
        `${first} first: the page before the other has run`);
      release();
      if (first === 'vue') await waitMounted(page, kinds.length);
      else await page.waitForFunction(hydrated);
      await page.waitForTimeout(500);
      assertEq(JSON.stringify(await state(page)), JSON.stringify({ roots: kinds.length, mounted: kinds.length, hydrated: true }),
        `${first} first: the page once both have run`);
      assertEq(JSON.stringify(await answers(page)), JSON.stringify(kinds), `${first} first: demos that answer a click`);
      await follow(page, '/parts/csi.html'); // Vue's router runs the page
      await waitMounted(page, 1);
      page.assertClean();
      await page.context().close();
    }
    [holdApp, holdWasm] = [false, false];
  }],
  ['a tap on a rendered demo before its code arrives is applied once, when it is live', async () => {
    [holdApp, holdWasm] = [false, true];
    hold();
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${holding.url}/parts/csi.html`);
    await page.waitForFunction(hydrated);
    const demo = page.locator('[data-kubevol-demo="csi"]');
    // force: Playwright waits for a control with aria-disabled to be enabled; a reader's tap does not.
    await demo.locator('[data-action="attach"][data-node="node-a"]').click({ force: true });
    const disk = demo.locator('[data-node="node-a"] [data-state="disk"]');
    assertEq((await disk.textContent()).trim(), '繋がっていない', 'not live yet: nothing happened');
    release();
    await waitMounted(page, 1);
    await disk.filter({ hasText: 'pv-1' }).waitFor();
    await page.waitForTimeout(300);
    assertEq(await demo.locator('[data-state="log"] li').count(), 2, 'the log: the provisioning, then one attach');
    page.assertClean();
    await page.context().close();
    holdWasm = false;
  }],
  ['the book is set up exactly as the README tells a book author', async () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const config = readFileSync(`${root}tests/vitepress/docs/.vitepress/config.mts`, 'utf8');
    const theme = readFileSync(`${root}tests/vitepress/docs/.vitepress/theme/index.ts`, 'utf8');
    // The config's recipe: its imports word for word, and the book's own config wrapped as it says.
    const recipe = /```ts\n\/\/ \.vitepress\/config\.mts\n((?:import [^\n]*\n)+)(export default withKubevol\(defineConfig\(\{) \/\* the book's own config \*\/ \}\)\)\n```/.exec(readme);
    assert(recipe, "the README shows the config's recipe in a ```ts block");
    assert(config.includes(recipe[1]), `config.mts imports as the README does:\n${recipe[1]}`);
    assert(config.includes(`\n${recipe[2]}\n`), `config.mts wraps its config as the README does: ${recipe[2]}`);
    // The theme's one line for the component, and its imports.
    const themed = /```ts\n\/\/ \.vitepress\/theme\/index\.ts\n([\s\S]*?)```/.exec(readme);
    assert(themed, "the README shows the theme's line in a ```ts block");
    assert(theme.endsWith(themed[1]), `theme/index.ts is the README's:\n${themed[1]}`);
    const placeholder = /^<div data-kubevol-demo="csi" data-lang="ja"><\/div>$/m;
    assert(placeholder.test(readme), 'the README shows an empty placeholder');
    const pages = readdirSync(`${root}tests/vitepress/docs/parts`).map((f) => readFileSync(`${root}tests/vitepress/docs/parts/${f}`, 'utf8'));
    const written = pages.flatMap((p) => p.match(/^<div data-kubevol-demo[^\n]*$/gm) ?? []);
    assertEq(written.length, 9, 'placeholders in the book');
    const shape = /^<div data-kubevol-demo="[a-z]+"( data-preset="[a-z-]+")? data-lang="(ja|en)"><\/div>$/;
    for (const line of written) assert(shape.test(line), `as the README writes it: ${line}`);
    assert(readme.includes('<div data-kubevol-demo="topology" data-preset="spread" data-lang="ja"></div>'), 'the README shows a preset');
  }],
  ['after hydration every demo is still mounted and answers a click, with no errors or hydration warnings', async () => {
    for (const [path, kinds] of Object.entries(PAGES)) {
      const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
      const vue = [];
      page.on('console', (m) => { if (/hydrat/i.test(m.text())) vue.push(`${m.type()}: ${m.text()}`); });
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(3000);
      assertEq(JSON.stringify(await roots(page)), JSON.stringify(kinds), `${path}: mounted demos after hydration`);
      assertEq(JSON.stringify(await answers(page)), JSON.stringify(kinds), `${path}: demos that answer a click`);
      assertEq(vue.length, 0, `${path}: Vue hydration messages (${vue.join(' | ')})`);
      page.assertClean();
      await page.context().close();
    }
  }],
  ['sidebar navigation mounts the arriving page\'s demos without a reload, and each answers', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/`);
    await page.evaluate(() => { window.__sameDocument = true; });
    for (const path of ['/parts/csi.html', '/parts/together.html', '/parts/topology.html', '/parts/statefulset.html']) {
      await follow(page, path);
      await waitMounted(page, PAGES[path].length);
      assert(await page.evaluate(() => window.__sameDocument === true), `${path}: reached without a full reload`);
      assertEq(JSON.stringify(await answers(page)), JSON.stringify(PAGES[path]), `${path}: demos that answer a click`);
      assertEq(await mountedDemos(page), PAGES[path].length, `${path}: demos the modules hold`);
    }
    page.assertClean();
    await page.context().close();
  }],
  ['a share link opened in a fresh page restores that demo, scrolled into view, and leaves the page\'s other demo alone', async () => {
    const demos = (page) => page.locator('[data-kubevol-root="topology"]');
    const moment = (demo) => readOuts(demo, ['badge', 'verdict', 'log']);
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/parts/topology.html`);
    await waitMounted(page, 2);
    const first = await moment(demos(page).nth(0));
    // The second demo on the page is the book's chapter: the reader changes it, goes back once,
    // and shares that moment.
    const chapter = demos(page).nth(1);
    await openFold(chapter, 'history');
    await chapter.locator('[data-action="max-skew"][data-value="2"]').click();
    await chapter.locator('[data-action="fail-zone"]').first().click();
    await chapter.locator('[data-action="run"]').click();
    await chapter.locator('[data-action="step"]').click();
    await chapter.locator('[data-action="undo"]').click();
    const shared = await moment(chapter);
    await chapter.locator('[data-action="share"]').click();
    const url = await chapter.locator('[data-state="share-link"]').inputValue();
    assert(url.startsWith(`${server.url}/parts/topology.html#kubevol:topology:2:v1:`), url);
    assert(url.length < 200, `${url.length} characters`);
    page.assertClean();
    await page.context().close();

    const fresh = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await watchShifts(fresh);
    await fresh.goto(url);
    await waitMounted(fresh, 2);
    await fresh.waitForTimeout(500);
    await noShifts(fresh);
    await openFold(demos(fresh).nth(1), 'history');
    assertEq(JSON.stringify(await moment(demos(fresh).nth(1))), JSON.stringify(shared), 'the linked demo\'s badge, verdict and log');
    assertEq(JSON.stringify(await moment(demos(fresh).nth(0))), JSON.stringify(first), 'the other demo, as on any load');
    const seen = await demos(fresh).nth(1).evaluate((d) => {
      const r = d.getBoundingClientRect();
      return r.top < innerHeight && r.bottom > 0;
    });
    assert(seen, 'the linked demo is scrolled into view');
    assert(await fresh.evaluate(() => scrollY > 0), 'the page scrolled to it');
    // A link cut short, followed within the page (only the fragment changes): the demo it names
    // starts again and says so; the other demo is untouched.
    await fresh.evaluate((fragment) => { location.hash = fragment; }, url.slice(url.indexOf('#') + 1, -5));
    await demos(fresh).nth(1).locator('[data-state="notice"]').waitFor();
    const notice = await demos(fresh).nth(1).locator('[data-state="notice"]').textContent();
    assert(notice.includes('途中で切れている'), notice);
    assertEq(await demos(fresh).nth(0).locator('[data-state="notice"]').count(), 0, 'notices in the other demo');
    fresh.assertClean();
    await fresh.context().close();
  }],
  ['a reader\'s 1,100 clicks make a share link that a fresh page restores (the limits of writer and reader agree)', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/parts/csi.html`);
    await waitMounted(page, 1);
    const demo = page.locator('[data-kubevol-demo="csi"]');
    await openFold(demo, 'history');
    // Real buttons, clicked one after another as a reader does, each answered before the next.
    const refused = await demo.evaluate(async (d) => {
      const button = (action) => d.querySelector(`[data-action="${action}"][data-node="node-a"]`);
      let refusals = 0;
      for (let i = 0; i < 1100; i++) {
        button(i === 1099 ? 'mount' : i % 2 === 0 ? 'attach' : 'detach').click();
        await new Promise((done) => setTimeout(done, 0));
        if (d.querySelector('.kv-log li:first-child.kv-refused')) refusals++;
      }
      return refusals;
    });
    assertEq(refused, 0, 'refused clicks among the 1,100');
    const moment = (d) => readOuts(d, ['badge', 'verdict', 'volume', 'log']);
    const shared = await moment(demo);
    await demo.locator('[data-action="share"]').click();
    const url = await demo.locator('[data-state="share-link"]').inputValue();
    assertEq(await demo.locator('[data-state="share-said"]').textContent(), '', 'what Share said of a link within the limit');
    assert(url.length < 8000, `${url.length} characters`);
    page.assertClean();
    await page.context().close();
    const { fresh, opened } = await openCsiLink(url);
    await openFold(opened, 'history');
    assertEq(await opened.locator('[data-state="notice"]').count(), 0, 'notices');
    assertEq(JSON.stringify(await moment(opened)), JSON.stringify(shared), 'the moment after 1,100 clicks, in a fresh page');
    fresh.assertClean();
    await fresh.context().close();
  }],
  ['every fold of the CSI chapter fetches its part on demand: kubectl shows a pod\'s YAML, Export the scenario, Share a link a fresh page restores', async () => {
    const files = JSON.parse(readFileSync(`${site}/kubevol/kubevol-files.json`, 'utf8'));
    const lab = files.parts.csi_lab.map((p) => `/kubevol/${files.packs[p]}`);
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    // Before the page is idle: the demo answers, and none of its folds' parts has been fetched.
    await page.addInitScript(() => { window.requestIdleCallback = () => 0; });
    await page.goto(`${server.url}/parts/csi.html`);
    await waitMounted(page, 1);
    const demo = page.locator('[data-kubevol-demo="csi"]');
    await demo.locator('[data-action="attach"][data-node="node-a"]').click();
    await demo.locator('[data-action="mount"][data-node="node-a"]').click();
    assertEq(fetched.filter((f) => lab.includes(f)).length, 0, 'lab packs fetched before a fold opens');
    for (const name of ['settings', 'driver', 'calls', 'k8s', 'kubectl', 'type-kubectl', 'history', 'simplified']) await openFold(demo, name);
    assert(lab.every((f) => fetched.includes(f)), `the lab packs, once a fold is open: ${lab.filter((f) => !fetched.includes(f))} missing`);
    await demo.locator('[data-action="kubectl-object"][data-value="pods/web-1"]').click();
    const yaml = await demo.locator('[data-state="kubectl-object"]').textContent();
    assert(yaml.startsWith('$ kubectl get pods web-1 -o yaml\napiVersion: v1\nkind: Pod\n'), yaml);
    // The prompt, typed into with the keyboard: a read, Tab, and ↑ for the line before.
    const prompt = demo.locator('[data-state="kubectl-prompt"]');
    await prompt.click();
    await page.keyboard.type('get pods');
    await page.keyboard.press('Enter');
    const out = demo.locator('[data-state="kubectl-prompt-out"]');
    const printed = await out.textContent();
    assert(printed.startsWith('$ kubectl get pods\nNAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          0s'), printed);
    await page.keyboard.type('desc');
    await page.keyboard.press('Tab');
    assertEq(await prompt.inputValue(), 'describe ', 'Tab completes the command');
    await page.keyboard.press('Control+KeyL');
    assertEq(await demo.locator('[data-state="kubectl-prompt-out"] .kv-prompt-entry').count(), 0, 'Ctrl-L clears');
    await page.keyboard.press('ArrowUp');
    assertEq(await prompt.inputValue(), 'get pods', 'Up gives the line before');
    await demo.locator('[data-action="export"]').click();
    const scenario = JSON.parse(await demo.locator('[data-state="scenario"]').inputValue());
    assertEq(scenario.model, 'csi', 'the exported scenario\'s model');
    assertEq(scenario.actions.length, 2, 'its actions');
    const moment = (d) => readOuts(d, ['badge', 'verdict', 'volume']);
    const shared = await moment(demo);
    await demo.locator('[data-action="share"]').click();
    const url = await demo.locator('[data-state="share-link"]').inputValue();
    page.assertClean();
    await page.context().close();
    const { fresh, opened } = await openCsiLink(url);
    assertEq(JSON.stringify(await moment(opened)), JSON.stringify(shared), 'the link\'s moment in a fresh page');
    fresh.assertClean();
    await fresh.context().close();
  }],
  ['with the folds\' parts blocked the demo still answers, each fold says so, and trying again after they come back works', async () => {
    const files = JSON.parse(readFileSync(`${site}/kubevol/kubevol-files.json`, 'utf8'));
    const lab = new Set(files.parts.csi_lab.map((p) => `/kubevol/${files.packs[p]}`));
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    let blocked = true;
    await page.route('**/kubevol/*.wasm', (route) => (blocked && lab.has(new URL(route.request().url()).pathname) ? route.abort() : route.continue()));
    await page.goto(`${server.url}/parts/csi.html`);
    await waitMounted(page, 1);
    const demo = page.locator('[data-kubevol-demo="csi"]');
    const folds = ['settings', 'driver', 'calls', 'k8s', 'kubectl', 'history', 'simplified'];
    for (const name of folds) {
      await demo.locator(`.kv-folds [data-action="${name}"]`).click();
      await demo.locator(`[data-state="${name}"] [data-state="part-failed"]`).waitFor();
    }
    const said = await demo.locator('[data-state="kubectl"] [data-state="part-failed"]').textContent();
    assert(said.includes('この部分を読み込めなかった'), said);
    await demo.locator('[data-action="attach"][data-node="node-a"]').click();
    assertEq(await demo.locator('[data-node="node-a"] [data-state="disk"]').textContent(), 'pv-1 が繋がっている', 'the demo answers meanwhile');
    blocked = false;
    for (const name of folds) {
      await demo.locator(`[data-state="${name}"] [data-action="retry"]`).click();
      await demo.locator(`[data-state="${name}"] [data-state="part-failed"]`).waitFor({ state: 'detached' });
      await demo.locator(`[data-state="${name}"] [data-state="part-loading"]`).waitFor({ state: 'detached' });
    }
    assert(!(await demo.locator('[data-state="kubectl-get"]').textContent()).includes('pod/web-1'), 'no pod yet: only attached');
    await demo.locator('[data-action="mount"][data-node="node-a"]').click();
    assert((await demo.locator('[data-state="kubectl-get"]').textContent()).includes('pod/web-1'), 'the kubectl panel follows the demo');
    const expected = (p) => p.startsWith('request failed') || p.includes('Failed to load resource') || p.includes('could not be fetched');
    assert(page.problems.every(expected), `only the blocked parts went wrong: ${page.problems.filter((p) => !expected(p)).join(' | ')}`);
    await page.context().close();
  }],
  ['a StatefulSet demo left while playing stops: its detached DOM receives no mutation in 3 s', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/parts/statefulset.html`);
    await waitMounted(page, 1);
    await openFold(page.locator('[data-kubevol-demo]'), 'settings');
    await page.locator('[data-action="play"]').click();
    await page.waitForFunction(() => document.querySelector('[data-state="step"]').textContent !== 'step=0');
    await page.evaluate(() => { window.__left = document.querySelector('[data-kubevol-root="statefulset"]'); });
    await follow(page, '/parts/csi.html');
    await waitMounted(page, 1);
    const mutations = await page.evaluate(async () => {
      const left = window.__left;
      let seen = 0;
      const watch = new MutationObserver((records) => { seen += records.length; });
      watch.observe(left, { subtree: true, childList: true, attributes: true, characterData: true });
      await new Promise((r) => setTimeout(r, 3000));
      watch.disconnect();
      return { seen, connected: left.isConnected };
    });
    assertEq(mutations.connected, false, 'the left demo is out of the document');
    assertEq(mutations.seen, 0, 'mutations of the left demo in 3 s');
    assertEq(await mountedDemos(page), 1, 'demos the modules hold');
    page.assertClean();
    await page.context().close();
  }],
  ['twenty round trips between two chapters leave the page as they found it', async () => {
    // The same trips twice: with the demos, and with the loader replaced by an empty script, so
    // what VitePress itself keeps (its heap grows as it goes) is told apart from what the demos do.
    const trips = async (demos) => {
      const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
      if (!demos) await page.route('**/kubevol/kubevol.js', (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
      const arrive = async (path) => {
        await follow(page, path);
        if (demos) await waitMounted(page, 1);
      };
      await page.goto(`${server.url}/parts/csi.html`);
      if (demos) await waitMounted(page, 1);
      const trip = async () => {
        await arrive('/parts/statefulset.html');
        if (demos) { // leave it playing
          await openFold(page.locator('[data-kubevol-demo]'), 'settings');
          await page.locator('[data-action="play"]').click();
        }
        await arrive('/parts/csi.html');
        if (demos) await page.locator('[data-action="attach"][data-node="node-a"]').click();
      };
      // One trip first, the same as those counted, so both modules, both page chunks and the
      // folds' parts are loaded, and the allocator has reached what one trip needs, before counting.
      await trip();
      const before = await counters(page);
      for (let n = 0; n < 20; n++) await trip();
      const after = await counters(page);
      return { page, before, after };
    };
    const alone = await trips(false);
    await alone.page.context().close();
    const { page, before, after } = await trips(true);
    const grew = (a, b) => `${a} -> ${b} (${b >= a ? '+' : ''}${b - a})`;
    console.log(`  20 round trips with the demos: DOM nodes ${grew(before.nodes, after.nodes)}, listeners ${grew(before.listeners, after.listeners)},`
      + ` JS heap ${kib(before.heap)} -> ${kib(after.heap)} (${after.heap >= before.heap ? '+' : ''}${kib(after.heap - before.heap)}),`
      + ` wasm memory ${Object.entries(after.wasm).map(([m, b]) => `${m} ${kib(before.wasm[m] ?? 0)} -> ${kib(b)}`).join(', ')}`);
    console.log(`  the same trips without them (VitePress alone): DOM nodes ${grew(alone.before.nodes, alone.after.nodes)},`
      + ` listeners ${grew(alone.before.listeners, alone.after.listeners)},`
      + ` JS heap ${kib(alone.before.heap)} -> ${kib(alone.after.heap)} (+${kib(alone.after.heap - alone.before.heap)})`);
    assert(after.nodes - before.nodes <= 300, `live DOM nodes grew by ${after.nodes - before.nodes} (at most 300)`);
    for (const [module, bytes] of Object.entries(after.wasm)) {
      assertEq(bytes, before.wasm[module], `${module}'s wasm memory after 20 trips`);
    }
    assertEq(JSON.stringify(await roots(page)), JSON.stringify(['csi']), 'demos in the document');
    assertEq(await mountedDemos(page), 1, 'demos the modules hold');
    page.assertClean();
    await page.context().close();
  }],
  ['the Vue component opens its scenario, tells the page each change, and names what is wrong with a bad scenario', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1024, height: 900 } });
    const warned = [];
    page.on('console', (m) => { if (m.type() === 'warning') warned.push(m.text()); });
    await page.goto(`${server.url}/parts/vue.html`);
    await waitMounted(page, 2);
    const [shown, bad] = [page.locator('[data-kubevol-demo]').nth(0), page.locator('[data-kubevol-demo]').nth(1)];
    // The scenario's moment: attached to node-a and seen by one pod, with nothing said about it.
    assertEq(await shown.locator('[data-state="badge"]').textContent(), 'pv-1 ・ node-a に接続 ・ 1 個から見えている', 'the scenario\'s moment');
    assertEq(await shown.locator('[data-state="notice"]').count(), 0, 'no notice on a scenario the demo shows');
    const last = page.locator('[data-test="last-change"]');
    assertEq(await last.textContent(), 'まだ何も起きていない', 'the page before a click');
    await shown.locator('[data-action="attach"][data-node="node-b"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="last-change"]').textContent === 'refused: multi-attach');
    await shown.locator('[data-action="mount"][data-node="node-a"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="last-change"]').textContent.startsWith('events: '));
    console.log(`  the page heard: ${await last.textContent()}`);
    // The bad scenario: the demo at its default, saying where the scenario is wrong.
    const notice = await bad.locator('[data-state="notice"]').textContent();
    assert(notice.includes('actions[2].node: unknown node "node-c"'), `the notice names the path: ${notice}`);
    assertEq(await bad.locator('[data-state="badge"]').textContent(), 'pv-1 · not attached · seen by 0 pod(s)', 'the bad one starts at its default');
    assert(warned.some((w) => w.includes('actions[2].node: unknown node "node-c"')), `the rejected promise is reported: ${warned.join(' | ')}`);
    // getState of the first demo is its moment, in the replay format.
    const state = await page.evaluate(async () => (await import('/kubevol/kubevol.js')).getState(document.querySelector('[data-kubevol-demo]')));
    assertEq(JSON.stringify([state.kind, state.moment, state.actions.map((a) => `${a.type} ${a.node}`)]),
      JSON.stringify(['csi', 4, ['attach node-a', 'mount node-a', 'attach node-b', 'mount node-a']]), 'getState');
    page.assertClean();
    await page.context().close();
  }],
  ['a level written in the Markdown through the Vue component is rendered at the build, opens live and is solved', async () => {
    const html = readFileSync(`${site}/parts/practice.html`, 'utf8');
    assertEq((html.match(/data-level="book-use-on-node-b" class="kv-level"/g) ?? []).length, 1, 'the author\'s level, rendered at the build');
    assertEq((html.match(/data-level="sts-unblock" class="kv-level"/g) ?? []).length, 1, 'the built-in level, rendered at the build');
    const page = await watchedPage(browser, { viewport: { width: 1024, height: 900 } });
    await page.goto(`${server.url}/parts/practice.html`);
    await waitMounted(page, 2);
    const demo = page.locator('[data-kubevol-demo]').nth(0);
    const solved = demo.locator('[data-state="level-solved"]');
    assertEq(await solved.isHidden(), true, 'not solved at its start');
    assertEq(JSON.stringify(await demo.locator('[data-goal]').evaluateAll((g) => g.map((e) => e.dataset.holds))), '["false"]', 'the goal');
    // `.first()`: the reader's own; the goal's picture beside it draws no button.
    await demo.locator('[data-action="attach"][data-node="node-b"]').first().click();
    await demo.locator('[data-action="mount"][data-node="node-b"]').first().click();
    await solved.waitFor({ state: 'visible' });
    assertEq(await solved.textContent(), 'Solved in 2 actions (par 2)', 'solved, against par');
    const sts = page.locator('[data-kubevol-demo]').nth(1);
    await sts.locator('[data-action="break"]').first().click();
    await sts.locator('[data-action="step5"]').first().click();
    await sts.locator('[data-state="level-solved"]').waitFor({ state: 'visible' });
    // A level a page's script writes wrong: the script API's module names the path, the promise
    // rejects with it, and the demo starts at its default, saying the same.
    const refused = await page.evaluate(async () => {
      const element = document.createElement('div');
      document.querySelector('.vp-doc').append(element);
      const level = {
        id: 'broken', kind: 'csi', title: { ja: 'x', en: 'x' }, intro: { ja: 'x', en: 'x' },
        start: { setup: null }, goal: [{ kubectl: 'get pods', prints: '' }], hint: [],
      };
      const { mountDemo } = await import('/kubevol/kubevol.js');
      const said = await mountDemo(element, { kind: 'csi', lang: 'en', level }).then(() => 'mounted', (e) => e.message);
      return { said, notice: element.querySelector('[data-state="notice"]')?.textContent ?? '' };
    });
    const fault = 'hint: unknown field `hint`, expected one of `id`, `kind`, `seed`, `title`, `intro`, `start`, `goal`, '
      + '`forbid`, `hints`, `solution`, `par`';
    assertEq(refused.said, `kubevol: the page's level for this csi demo: ${fault}`, 'the rejection names the path');
    assert(refused.notice.includes(fault), `the demo says it: ${refused.notice}`);
    page.assertClean();
    await page.context().close();
  }],
  ['leaving the page of the Vue component and coming back leaves no demo behind', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/parts/csi.html`);
    await waitMounted(page, 1);
    // To the Vue page, a click there, and back.
    const trips = async (count) => {
      for (let trip = 0; trip < count; trip++) {
        await follow(page, '/parts/vue.html');
        await waitMounted(page, 2);
        await page.locator('[data-action="attach"][data-node="node-b"]').first().click();
        await follow(page, '/parts/csi.html');
        await waitMounted(page, 1);
      }
    };
    // A few whole trips first: the heap takes the room trips need once (one 64 KB page more within
    // the first five since the levels came into the folds part; flat over forty after), then must
    // not grow again.
    await trips(5);
    const before = await counters(page);
    await trips(10);
    const after = await counters(page);
    console.log(`  10 round trips to the Vue page: DOM nodes ${before.nodes} -> ${after.nodes}, listeners ${before.listeners} -> ${after.listeners}`);
    assert(after.nodes - before.nodes <= 300, `live DOM nodes grew by ${after.nodes - before.nodes} (at most 300)`);
    for (const [module, bytes] of Object.entries(after.wasm)) {
      assertEq(bytes, before.wasm[module], `${module}'s wasm memory after 10 trips`);
    }
    assertEq(JSON.stringify(await roots(page)), JSON.stringify(['csi']), 'demos in the document');
    assertEq(await mountedDemos(page), 1, 'demos the modules hold');
    page.assertClean();
    await page.context().close();
  }],
  ['the appearance switch recolours the demo', async () => {
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    await page.goto(`${server.url}/parts/csi.html`);
    await waitMounted(page, 1);
    const colours = () => page.locator('.kv').first().evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    const light = await colours();
    assertEq(await page.evaluate(() => document.documentElement.classList.contains('dark')), false, 'starts light');
    await page.locator('.VPNavBarAppearance .VPSwitchAppearance').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    const dark = await colours();
    assertEq(JSON.stringify(light), JSON.stringify(['rgb(246, 246, 247)', 'rgb(60, 60, 67)']), 'light: VitePress\'s bg-soft and text-1');
    assertEq(JSON.stringify(dark), JSON.stringify(['rgb(32, 33, 39)', 'rgb(223, 223, 214)']), 'dark: VitePress\'s bg-soft and text-1');
    page.assertClean();
    await page.context().close();
  }],
  ['a demo in a tip, an open details block and a list item is laid out as the same demo on the page', async () => {
    // measure/containers: the CSI demo on the page, then in three of VitePress's containers, whose
    // rules for what they hold (`.vp-doc .custom-block p`: a 24 px line, 8 px margins) reach into a
    // demo's own paragraphs. Each is compared with the page's demo set to its width, as it first
    // renders and after two actions with every fold open: the demo's height, its first node box,
    // and every box inside it, within 1 px.
    const html = readFileSync(`${site}/measure/containers.html`, 'utf8');
    assertEq((html.match(/data-kubevol-rendered/g) ?? []).length, 4, 'demos rendered into the page at its build');
    for (const width of [390, 1024]) {
      const page = await watchedPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${server.url}/measure/containers.html`);
      await waitMounted(page, 4);
      await page.evaluate(() => { document.querySelector('details.custom-block').open = true; });
      for (const stage of ['first screen', 'every fold open']) {
        if (stage === 'every fold open') {
          for (const demo of await page.locator('[data-kubevol-demo]').all()) {
            await demo.locator('[data-action="attach"][data-node="node-a"]').click();
            await demo.locator('[data-action="mount"][data-node="node-a"]').click();
            const folds = await demo.locator('.kv-folds [aria-expanded="false"]')
              .evaluateAll((toggles) => toggles.map((t) => t.dataset.action));
            for (const name of folds) await openFold(demo, name);
          }
        }
        const compared = await page.evaluate(async () => {
          const [plain, ...held] = document.querySelectorAll('[data-kubevol-demo]');
          // Every box of a demo, its top from the demo's; those not drawn (hidden) left out.
          const boxes = (host) => {
            const kv = host.querySelector('.kv');
            kv.style.contentVisibility = 'visible';
            const top = kv.getBoundingClientRect().top;
            return [kv, ...kv.querySelectorAll('*')].map((e) => {
              const r = e.getBoundingClientRect();
              const what = `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`;
              return { what, top: r.top - top, width: r.width, height: r.height };
            });
          };
          const out = [];
          for (const host of held) {
            plain.style.width = `${host.getBoundingClientRect().width}px`;
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const [a, b] = [boxes(plain), boxes(host)];
            const node = (list) => list.find((x) => x.what.split(/[. ]/).includes('kv-node'));
            const off = (x, y) => Math.max(...['top', 'width', 'height'].map((k) => Math.abs(x[k] - y[k])));
            const moved = a.length !== b.length ? [{ what: `${a.length} boxes against ${b.length}` }]
              : a.map((x, i) => [x, b[i]]).filter(([x, y]) => (x.height || y.height) && off(x, y) > 1)
                .map(([x, y]) => ({ what: x.what, page: [x.top, x.height], in: [y.top, y.height] }));
            out.push({
              where: host.closest('.custom-block')?.className ?? host.closest('li')?.tagName.toLowerCase(),
              heights: [a[0].height, b[0].height],
              nodes: [[node(a).width, node(a).height], [node(b).width, node(b).height]],
              moved,
            });
          }
          plain.style.width = '';
          return out;
        });
        const containers = compared.map((c) => c.where).join();
        assertEq(containers, 'tip custom-block,details custom-block,li', `${width} px: the containers`);
        for (const { where, heights, nodes, moved } of compared) {
          const at = `${where} at ${width} px, ${stage}`;
          const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 1);
          const [onPage, inside] = heights;
          assert(near([inside], [onPage]), `${at}: the demo is ${inside} px tall, on the page ${onPage} px`);
          assert(near(nodes[1], nodes[0]), `${at}: a node box is ${nodes[1]}, on the page ${nodes[0]}`);
          const first = JSON.stringify(moved.slice(0, 3));
          assertEq(moved.length, 0, `${at}: boxes placed otherwise than on the page, first ${first}`);
        }
      }
      page.assertClean();
      await page.context().close();
    }
  }],
  ['each chapter\'s demo first renders at most 1.25x as tall as the book\'s Vue demo it replaces', async () => {
    // The Vue demos' heights in the book (esh2n/sharin) at the same viewports: fixed references.
    const VUE = { csi: [931, 553, 553], statefulset: [811, 638, 638], 'topology:spread': [1229, 656, 656] };
    const CHAPTERS = [['/parts/csi.html', 'csi', '[data-kubevol-demo="csi"]'],
      ['/parts/statefulset.html', 'statefulset', '[data-kubevol-demo="statefulset"]'],
      ['/parts/topology.html', 'topology:spread', '[data-kubevol-demo="topology"][data-preset="spread"]']];
    const lines = [];
    const over = [];
    for (const [path, kind, selector] of CHAPTERS) {
      const row = [];
      for (const [i, width] of [390, 720, 1024].entries()) {
        const page = await watchedPage(browser, { viewport: { width, height: 900 } });
        await page.goto(`${server.url}${path}`);
        await waitMounted(page, PAGES[path].length);
        await page.waitForTimeout(200);
        // The demo's own height, not stretched to its reservation, rendered though off-screen.
        const height = await page.locator(`${selector} > .kv`).evaluate((kv) => {
          kv.style.alignSelf = 'start';
          kv.style.contentVisibility = 'visible';
          return kv.getBoundingClientRect().height;
        });
        const ratio = height / VUE[kind][i];
        row.push(`${width}: ${Math.round(height)} px (${ratio.toFixed(2)}x the Vue demo's ${VUE[kind][i]})`);
        if (ratio > 1.25) over.push(`${kind} at ${width} px: ${Math.round(height)} px, ${ratio.toFixed(2)}x`);
        page.assertClean();
        await page.context().close();
      }
      lines.push(`  ${kind.padEnd(16)} ${row.join(' · ')}`);
    }
    console.log(`  first render in VitePress's column, beside the Vue demo it replaces:\n${lines.join('\n')}`);
    assertEq(over.length, 0, `demos over 1.25x the Vue demo: ${over.join('; ')}`);
  }],
  ['a demo mounting in view shifts nothing, and leaves under 24 px unused, at every width, with and without the sidebar', async () => {
    const report = [];
    const chrome = new Set();
    for (const width of WIDTHS) {
      for (const path of ['/parts/csi.html', '/parts/statefulset.html', '/parts/topology.html', '/parts/en.html']) {
        const page = await watchedPage(browser, { viewport: { width, height: 800 } });
        await page.addInitScript(() => {
          // Shifts of the page's content, where the demo lives. VitePress's own chrome moves on
          // its own as it hydrates (the outline's marker slides to the heading in view); those are
          // kept apart, and printed.
          window.__shifts = [];
          window.__chrome = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) {
              if (e.hadRecentInput) continue;
              const nodes = e.sources.map((s) => s.node);
              const content = nodes.some((n) => !n || n.nodeType !== 1 || n.closest('.vp-doc'));
              (content ? window.__shifts : window.__chrome).push({ value: e.value, from: nodes.map((n) => n?.className || n?.nodeName || '?').join(',') });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`${slow.url}${path}`, { waitUntil: 'domcontentloaded' });
        // The reader has scrolled to the demo before its module arrives.
        await page.evaluate(() => document.querySelector('[data-kubevol-demo]').scrollIntoView({ block: 'start' }));
        const before = await page.evaluate(() => document.querySelectorAll('[data-kubevol-demo]:not([data-kubevol-mounted])').length);
        assert(before > 0, `${path} at ${width}: the demo is still loading when it comes into view`);
        await page.evaluate(() => { window.__shifts = []; window.__chrome = []; });
        await waitMounted(page, PAGES[path].length);
        await page.waitForTimeout(300);
        const shifts = await page.evaluate(() => window.__shifts);
        const cls = shifts.reduce((a, s) => a + s.value, 0);
        for (const c of await page.evaluate(() => window.__chrome)) chrome.add(c.from);
        assertEq(cls, 0, `${path} at ${width} px: cumulative layout shift (${JSON.stringify(shifts)})`);
        const gaps = await page.evaluate(reservationGaps);
        for (const g of gaps) {
          report.push(`${width}/${g.column}/${g.kind}:${g.gap.toFixed(0)}`);
          assert(g.gap >= 0 && g.gap < 24, `${path} at ${width} px (column ${g.column} px): ${g.kind} leaves ${g.gap.toFixed(1)} px unused`);
        }
        await page.context().close();
      }
    }
    console.log(`  unused px under each demo (viewport/column/kind:px): ${report.join(' ')}`);
    if (chrome.size) console.log(`  VitePress's own chrome shifted meanwhile (not counted): ${[...chrome].join(', ')}`);
  }],
  ['every reservation fits its demo at column widths from 300 to 1000 px', async () => {
    // Beyond the five viewports: the CSS rules hold for any column the host may give.
    const page = await watchedPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/parts/en.html`);
    await waitMounted(page, 3);
    const misses = await page.evaluate(async () => {
      const { mountDemo } = await import('/kubevol/kubevol.js');
      const column = document.querySelector('.vp-doc > div');
      const out = [];
      for (const [kind, preset] of [['csi'], ['statefulset'], ['topology'], ['topology', 'spread']]) {
        for (const lang of ['ja', 'en']) {
          const host = document.createElement('div');
          host.dataset.kubevolDemo = kind;
          if (preset) host.dataset.preset = preset;
          host.dataset.lang = lang;
          const wrapper = document.createElement('div');
          wrapper.append(host);
          column.append(wrapper);
          await mountDemo(host, kind, lang);
          await new Promise((r) => setTimeout(r, 50));
          const kv = host.querySelector('.kv');
          kv.style.alignSelf = 'start';
          kv.style.contentVisibility = 'visible'; // rendered though off-screen, to be measured
          for (let w = 300; w <= 1000; w += 7) {
            wrapper.style.width = `${w}px`;
            const natural = kv.getBoundingClientRect().height;
            const reserved = parseFloat(getComputedStyle(host, '::before').height);
            if (!(reserved >= natural && reserved - natural < 24)) out.push(`${kind}${preset ? `:${preset}` : ''}/${lang} at ${w}px: reserves ${reserved}, needs ${natural.toFixed(1)}`);
          }
          wrapper.remove();
        }
      }
      return out;
    });
    assertEq(misses.length, 0, `reservations that miss (run node scripts/reserve.mjs):\n  ${misses.join('\n  ')}`);
    page.assertClean();
    await page.context().close();
  }],
]);

await browser.close();
await Promise.all([server.close(), slow.close(), holding.close()]);
