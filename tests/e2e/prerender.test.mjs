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
// - the fill command changes nothing when run twice;
// - the fill command on a folder fills every page under it, a self-closing placeholder as an empty
//   one, each demo in its page's <html lang> as the live demo speaks it; a placeholder it cannot
//   open fails it (exit 1, each fault with its page and line, no page written), --no-strict writes
//   the pages with each demo saying its fault as the live demo says it; a usage error exits 2.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';
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
// Every built-in level, by its id (as `data-level` names it), and one written out as an object
// (as mountDemo's `level` takes it; at build, its JSON): each opens at the level's start.
const LEVELS = `${root}crates/levels/levels/`;
for (const name of readdirSync(LEVELS).filter((n) => n.endsWith('.json')).sort()) {
  const written = JSON.parse(readFileSync(`${LEVELS}${name}`, 'utf8'));
  combos.push({ kind: written.kind, preset: null, lang: 'en', view: null, level: written.id });
  if (name.startsWith('csi-move')) combos.push({ kind: written.kind, preset: null, lang: 'ja', view: null, level: written });
}

const RENDERED = 'data-kubevol-rendered';
// The fill command as a site's build runs it, with what it said and its exit status.
const fill = (args) => spawnSync('node', [`${dist}/kubevol-prerender.mjs`, ...args], { encoding: 'utf8' });

// A page of a plain HTML site, in `lang`, that fetches the demos from dist/.
const cliPage = (lang, body) => `<!doctype html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n`
  + '<title>A page</title>\n<link rel="icon" href="/favicon.svg">\n<link rel="stylesheet" href="/kubevol.css">\n'
  + `<script type="module" src="/kubevol.js"></script>\n</head>\n<body>\n<main>\n${body}\n</main>\n</body>\n</html>\n`;

// Placeholders a demo cannot honour in full, one a line, each with a word its message names.
const MISTAKES = [
  ['a kind typo', '<div data-kubevol-demo="csl" data-lang="en"></div>', 'csl'],
  ['an unsupported language', '<div data-kubevol-demo="csi" data-lang="fr"></div>', 'fr'],
  ['an unknown preset', '<div data-kubevol-demo="topology" data-lang="en" data-preset="sprad"></div>', 'sprad'],
  ['an unknown view', '<div data-kubevol-demo="csi" data-lang="en" data-view="labs"></div>', 'labs'],
  ['an unknown level', '<div data-kubevol-demo="csi" data-lang="en" data-level="csi-no-level"></div>', 'csi-no-level'],
  ['a level of broken JSON', '<div data-kubevol-demo="csi" data-lang="en" data-level=\'{"kind": "csi",\'></div>', null],
  ['a level of another kind', '<div data-kubevol-demo="csi" data-lang="en" data-level="sts-unblock"></div>', undefined],
];

// The faults a run printed (`page:line: error: message`), by `page:line`, in the order said.
function faultsSaid(stderr, severity) {
  const said = new Map();
  for (const line of stderr.split('\n')) {
    const m = new RegExp(`^(.+?:\\d+): ${severity}: (.+)$`).exec(line);
    if (m) said.set(m[1], said.has(m[1]) ? `${said.get(m[1])}\n${m[2]}` : m[2]);
  }
  return said;
}

await run('prerender', [
  [`the rendered first screen is the live first render, for each of ${combos.length} kinds, presets, languages and views`, async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/fixtures/empty.html`);
    const differ = [];
    for (const { kind, preset, lang, view, level } of combos) {
      const rendered = renderDemo({ kind, lang, preset, view, level });
      const live = await page.evaluate(async ({ kind, preset, lang, view, level }) => {
        const { mountDemo, unmountDemo } = await import('/kubevol.js');
        const el = document.createElement('div');
        el.dataset.kubevolDemo = kind;
        el.dataset.lang = lang;
        if (preset) el.dataset.preset = preset;
        if (view) el.dataset.view = view;
        document.querySelector('main').append(el);
        await mountDemo(el, { kind, lang, preset: preset ?? undefined, level });
        const html = el.innerHTML;
        await unmountDemo(el);
        el.remove();
        return html;
      }, { kind, preset, lang, view, level });
      const [a, b] = await page.evaluate(([a, b, fn]) => {
        const normalised = new Function(`return (${fn})`)();
        return [normalised(a), normalised(b)];
      }, [rendered, live, normalised.toString()]);
      if (a !== b) {
        let at = 0;
        while (a[at] === b[at]) at++;
        const named = typeof level === 'object' ? `level ${level.id} (object)` : level ? `level ${level}` : '';
        differ.push(`${kind} ${preset ?? '(default)'} ${lang} ${view ?? 'chapter'} ${named}: at ${at}\n  rendered …${a.slice(Math.max(0, at - 80), at + 80)}\n  live     …${b.slice(Math.max(0, at - 80), at + 80)}`);
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
  ['one malformed level gives one message: at the build, through mountDemo and in the demo', async () => {
    const { renderScreen } = await import(`${root}${dist}/kubevol-prerender.mjs`);
    const level = JSON.parse(readFileSync(`${root}crates/levels/levels/csi-move-to-node-b.json`, 'utf8'));
    level.hints = ['h']; // a hint is a text in both languages
    delete level.start.setup; // the demo's own start: not a fault
    const fault = 'hints[0]: invalid type: string "h", expected a text in both languages, like {"ja": "…", "en": "…"}';
    const built = renderScreen({ kind: 'csi', lang: 'en', level: JSON.stringify(level) }).faults;
    assertEq(JSON.stringify(built), JSON.stringify([`This level cannot be opened (${fault}). Starting from the beginning`]), 'the build');
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/fixtures/empty.html`);
    const live = await page.evaluate(async (level) => {
      const { mountDemo } = await import('/kubevol.js');
      const said = [];
      for (const given of [level, JSON.stringify(level)]) {
        const el = Object.assign(document.createElement('div'), {});
        document.querySelector('main').append(el);
        const rejected = await mountDemo(el, { kind: 'csi', lang: 'en', level: given }).then(() => 'mounted', (e) => e.message);
        said.push(rejected, el.querySelector('[data-state="notice"]')?.textContent);
      }
      return said;
    }, level);
    const rejection = `kubevol: the page's level for this csi demo: ${fault}`;
    assertEq(JSON.stringify(live), JSON.stringify([rejection, built[0], rejection, built[0]]), 'mountDemo\'s rejection and the demo');
    page.problems.length = 0;
    await page.context().close();
  }],
  ['a demo without data-lang speaks the page\'s language, rendered and live', async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/fixtures/empty.html`); // <html lang="en">
    const rendered = renderDemo({ kind: 'csi', pageLang: 'en' });
    const spoken = await page.evaluate(async (rendered) => {
      const { mountDemo } = await import('/kubevol.js');
      const el = Object.assign(document.createElement('div'), { innerHTML: rendered });
      el.dataset.kubevolDemo = 'csi';
      el.dataset.kubevolRendered = '';
      document.querySelector('main').append(el);
      const before = el.querySelector('[data-kubevol-root]').lang;
      await mountDemo(el, { kind: 'csi' });
      return [before, el.querySelector('[data-kubevol-root]').lang, el.querySelector('[data-state="title"]').textContent];
    }, rendered);
    assertEq(JSON.stringify(spoken), JSON.stringify(['en', 'en', 'CSI and volumes']), 'the demo\'s language, rendered and live');
    await page.context().close();
  }],
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
  ['the fill command fills the pages under a folder, a self-closing placeholder too, in their lang', async () => {
    const folder = `${OUT}/prerender-folder`;
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(`${folder}/guide/deep`, { recursive: true });
    writeFileSync(`${folder}/index.html`, cliPage('ja', '<div data-kubevol-demo="csi"></div>'));
    writeFileSync(`${folder}/guide/deep/page.html`,
      cliPage('en-US', '<div data-kubevol-demo="topology" />\n<p id="after">Text after the demo.</p>'));
    writeFileSync(`${folder}/guide/notes.txt`, '<div data-kubevol-demo="csi"></div>');
    const run = fill([folder]);
    assertEq(run.status, 0, `exit status (stderr: ${run.stderr})`);
    assert(run.stdout.includes(`${folder}/index.html: rendered csi #1\n`), run.stdout);
    assert(run.stdout.includes(`${folder}/guide/deep/page.html: rendered topology #1\n`), run.stdout);
    assert(!run.stdout.includes('notes.txt'), `only HTML pages are filled:\n${run.stdout}`);
    const filled = readFileSync(`${folder}/guide/deep/page.html`, 'utf8');
    assert(/data-kubevol-rendered><div data-kubevol-root="topology"[\s\S]*<\/div>\n<p id="after">/.test(filled),
      `the self-closing placeholder holds the screen and is closed before the text after it:\n${filled}`);
    const again = fill([folder]);
    assert(again.stdout.includes('page.html: rendered topology #1 (unchanged)'), `run again:\n${again.stdout}`);
    const site = await startServer(dist, { mounts: { '/folder/': folder } });
    try {
      for (const [path, kind, lang] of [['index.html', 'csi', 'ja'], ['guide/deep/page.html', 'topology', 'en']]) {
        const html = readFileSync(`${folder}/${path}`, 'utf8');
        const said = new RegExp(`<div data-kubevol-root="${kind}" lang="(\\w+)"`).exec(html)?.[1];
        assertEq(said, lang, `${path}: the rendered demo speaks the page's language`);
        const page = await watchedPage(browser);
        await page.goto(`${site.url}/folder/${path}`);
        const root = page.locator(`[data-kubevol-demo="${kind}"] > [data-kubevol-root]`);
        await page.waitForFunction(() => document.querySelector('[data-kubevol-mounted]'));
        assertEq(await root.getAttribute('lang'), lang, `${path}: the live demo speaks the rendered one's language`);
        assertEq(await page.locator('[data-kubevol-demo] #after').count(), 0, `${path}: the text after a demo, in it`);
        page.assertClean();
        await page.close();
      }
    } finally {
      await site.close();
    }
  }],
  ['the fill command fails on a placeholder it cannot open, saying where and why; --no-strict writes it', async () => {
    const folder = `${OUT}/prerender-faults`;
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(`${folder}/chapter`, { recursive: true });
    const page = cliPage('en', MISTAKES.map(([, html]) => html).join('\n'));
    writeFileSync(`${folder}/chapter/mistakes.html`, page);
    writeFileSync(`${folder}/fine.html`, cliPage('en', '<div data-kubevol-demo="csi"></div>'));
    // Each mistake's line: the page's head takes the lines before the first.
    const first = page.split('\n').findIndex((l) => l.includes(MISTAKES[0][1])) + 1;
    const strict = fill([folder]);
    assertEq(strict.status, 1, `exit status of a strict run (stdout: ${strict.stdout})`);
    const said = faultsSaid(strict.stderr, 'error');
    assertEq([...said.keys()].join(), MISTAKES.map((_, i) => `${folder}/chapter/mistakes.html:${first + i}`).join(),
      `the faults' pages and lines:\n${strict.stderr}`);
    MISTAKES.forEach(([, , token], i) => {
      const where = `${folder}/chapter/mistakes.html:${first + i}`;
      if (token) assert(said.get(where).includes(token), `${where} names ${token}: ${said.get(where)}`);
    });
    assertEq(readFileSync(`${folder}/chapter/mistakes.html`, 'utf8'), page, 'a strict run with a fault writes no page');
    assert(!readFileSync(`${folder}/fine.html`, 'utf8').includes(RENDERED), 'not even a page without one');
    const loose = fill(['--no-strict', folder]);
    assertEq(loose.status, 0, `exit status with --no-strict (stderr: ${loose.stderr})`);
    const warned = faultsSaid(loose.stderr, 'warning');
    assertEq([...warned.keys()].join(), [...said.keys()].join(), 'the same faults, as warnings');
    assert(readFileSync(`${folder}/fine.html`, 'utf8').includes(RENDERED), '--no-strict writes the pages');
    // What each demo says, rendered (JavaScript off) and live: the message the command printed.
    const site = await startServer(dist, { mounts: { '/faults/': folder } });
    try {
      const texts = (p) => p.locator('[data-kubevol-demo]').evaluateAll((all) => all.map((e) => e.textContent));
      const off = await browser.newContext({ javaScriptEnabled: false });
      const still = await off.newPage();
      await still.goto(`${site.url}/faults/chapter/mistakes.html`);
      const rendered = await texts(still);
      await off.close();
      const live = await watchedPage(browser);
      await live.goto(`${site.url}/faults/chapter/mistakes.html`);
      // Every demo but the kind typo's, which has none to mount.
      const waiting = '[data-kubevol-demo]:not([data-kubevol-demo="csl"]):not([data-kubevol-mounted])';
      await live.waitForFunction((selector) => !document.querySelector(selector), waiting);
      const now = await texts(live);
      await live.close();
      // A demo's several faults, a line each.
      [...warned.values()].forEach((messages, i) => {
        for (const message of messages.split('\n')) {
          assert(rendered[i].includes(message), `rendered demo ${i + 1} says ${message}: ${rendered[i].slice(0, 300)}`);
          assert(now[i].includes(message), `live demo ${i + 1} says ${message}: ${now[i].slice(0, 300)}`);
        }
      });
    } finally {
      await site.close();
    }
  }],
  ['the fill command exits 2 on a usage error', async () => {
    assertEq(fill([]).status, 2, 'no page given');
    const missing = fill([`${OUT}/no-such-folder`]);
    assertEq(missing.status, 2, 'a path that is neither a page nor a folder');
    assert(missing.stderr.includes('no-such-folder'), `it is named: ${missing.stderr}`);
  }],
]);
await browser.close();
server.close?.();
holding.close?.();
