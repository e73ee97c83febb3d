// The demos embedded in a book page, as the book will use them: the example pages in web/, served
// from the release build. Two demos of one kind keep their own state, a page fetches the main part
// once and only the parts its demos need,
// the host's dark mode recolours the demos, a strict CSP breaks nothing, a malformed placeholder
// explains itself without stopping its neighbours, loading shifts no layout, and a panic in one
// demo leaves the others working.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch, watchedPage, run, assert, assertEq } from './harness.mjs';
import { startServer } from './static-server.mjs';

const dist = process.argv[2] ?? 'dist';
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
// The content-hashed files of the build (scripts/link-parts.mjs names them): the main part, and
// the packs of each kind's parts.
const FILES = JSON.parse(readFileSync(`${dist}/kubevol-files.json`, 'utf8'));
const mainWasm = `/${FILES.main.wasm}`;
const packsOf = (part) => FILES.parts[part].map((pack) => `/${FILES.packs[pack]}`);
const server = await startServer(dist, { mounts: { '/fixtures/': fixtures } });
const strict = await startServer(dist, { headers: () => ({ 'content-security-policy': CSP }) });
// The wasm arrives 600 ms late here, so the page is painted with its placeholders first.
const slow = await startServer(dist, { delay: (path) => (path.endsWith('.wasm') ? 600 : 0) });
const browser = await launch();

const demos = (page) => page.locator('[data-kubevol-demo]');
// Live demos: the example pages hold their first screens rendered (kubevol-prerender.mjs) before
// any code has come, so a root alone is not a mounted demo.
const mounted = (page, n) => page.waitForFunction((n) => document.querySelectorAll('[data-kubevol-mounted] [data-kubevol-root]').length >= n, n);
// Adds a topology placeholder (in `lang`, if given) whose part will not come, waits until the
// loader marks it failed, and clicks the page's CSI demo meanwhile. Returns whether it failed, what
// the placeholder says, and what the CSI demo shows.
const addFailingTopology = (page, lang) => page.evaluate(async (lang) => {
  const el = document.createElement('div');
  el.id = 'added';
  el.dataset.kubevolDemo = 'topology';
  if (lang) el.dataset.lang = lang;
  document.querySelector('main').append(el);
  const until = Date.now() + 5000;
  while (!el.hasAttribute('data-kubevol-failed') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  document.querySelector('[data-action="attach"][data-node="node-a"]').click();
  await new Promise((r) => setTimeout(r, 50));
  return {
    failed: el.hasAttribute('data-kubevol-failed'),
    said: el.querySelector(':scope > .kv-load-failed')?.textContent ?? '',
    other: document.querySelector('[data-node="node-a"] [data-state="disk"]').textContent,
  };
}, lang);
const text = async (locator) => (await locator.textContent()).trim();

await run('embed', [
  ['two demos of one kind keep their states apart', async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/book.html`);
    await mounted(page, 2);
    const [first, second] = [demos(page).nth(0), demos(page).nth(1)];
    await first.locator('[data-action="attach"][data-node="node-a"]').click();
    await first.locator('[data-action="mount"][data-node="node-a"]').click();
    assertEq(await text(first.locator('[data-node="node-a"] [data-state="disk"]')), 'pv-1 が繋がっている', 'first demo');
    assertEq(await text(second.locator('[data-node="node-a"] [data-state="disk"]')), '繋がっていない', 'second demo untouched');
    await second.locator('[data-action="zone"][data-value="on"]').click();
    assert((await text(first.locator('[data-state="volume"]'))).includes('区画の指定なし'), 'first demo keeps its toggles');
    page.assertClean();
    await page.context().close();
  }],
  ['a page fetches the main part once and the parts its demos need; a later demo of another kind brings only its own', async () => {
    const wasmSince = (before) => server.requests.slice(before).filter((p) => p.endsWith('.wasm'));
    const once = (fetched, files, what) => {
      for (const file of files) assertEq(fetched.filter((f) => f === file).length, 1, `${what}: ${file} fetched`);
    };
    // A chapter's page: two CSI demos. The main part and the CSI demo's packs, each once, and no
    // other kind's; the lab's packs only ever at low priority, once the page is idle.
    let before = server.requests.length;
    let page = await watchedPage(browser);
    await page.goto(`${server.url}/book-en.html`);
    await mounted(page, 2);
    let fetched = wasmSince(before);
    once(fetched, [mainWasm, ...packsOf('csi')], 'book page');
    const others = [...packsOf('statefulset'), ...packsOf('topology')].filter((f) => !packsOf('csi').includes(f) && !packsOf('csi_lab').includes(f));
    assertEq(fetched.filter((f) => others.includes(f)).length, 0, 'packs of the other kinds on a CSI page');
    // A placeholder the page's script adds later is mounted on its own, and one of another kind
    // brings that kind's parts; so does a demo mounted through mountDemo. The main part stays.
    const steps = await page.evaluate(async () => {
      const main = document.querySelector('main');
      const placeholder = Object.assign(document.createElement('div'), { textContent: 'fallback' });
      placeholder.dataset.kubevolDemo = 'statefulset';
      placeholder.dataset.lang = 'en';
      main.append(placeholder);
      const extra = document.createElement('div');
      main.append(extra);
      const { mountDemo } = await import('/kubevol.js');
      await mountDemo(extra, 'topology', 'en');
      const until = Date.now() + 5000;
      while (!placeholder.querySelector('[data-action="step"]') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const clicked = [];
      for (const el of [placeholder, extra]) {
        el.querySelector('[data-action="step"]').click();
        await new Promise((r) => setTimeout(r, 50));
        clicked.push(el.querySelector('[data-state="step"]')?.textContent);
      }
      return clicked;
    });
    assertEq(JSON.stringify(steps), JSON.stringify(['step=1', 'step=1']), 'statefulset (added) and topology (mountDemo) demos');
    fetched = wasmSince(before);
    once(fetched, [mainWasm, ...new Set([...packsOf('csi'), ...packsOf('statefulset'), ...packsOf('topology')])], 'after two more kinds');
    page.assertClean();
    await page.context().close();
    // The gallery mixes all three kinds: one main part, every kind's packs once.
    before = server.requests.length;
    page = await watchedPage(browser);
    await page.goto(`${server.url}/index.html`);
    await mounted(page, 3);
    await page.waitForTimeout(200);
    once(wasmSince(before), [mainWasm, ...new Set(['csi', 'statefulset', 'topology'].flatMap(packsOf))], 'gallery');
    page.assertClean();
    await page.context().close();
  }],
  ['a main part that fails to load is tried again on the next request', async () => {
    const page = await watchedPage(browser);
    let aborted = 0;
    await page.route(`**${mainWasm}`, (route) => (aborted++ === 0 ? route.abort() : route.continue()));
    await page.goto(`${server.url}/fixtures/empty.html`);
    const outcome = await page.evaluate(async () => {
      const { mountDemo } = await import('/kubevol.js');
      const el = document.createElement('div');
      document.body.append(el);
      let first = 'mounted';
      try { await mountDemo(el, 'topology', 'en'); } catch { first = 'failed'; }
      await mountDemo(el, 'topology', 'en');
      return [first, el.querySelector('[data-kubevol-root]')?.dataset.kubevolRoot];
    });
    assertEq(JSON.stringify(outcome), JSON.stringify(['failed', 'topology']), 'first load fails, the second mounts');
    assertEq(aborted, 2, 'the main part was requested again');
    await page.context().close();
  }],
  ['a kind whose part cannot be fetched says so in its place, the other demos work, and a later request tries again', async () => {
    const page = await watchedPage(browser);
    const blocked = `/${FILES.packs['part-topology']}`;
    let unreachable = true;
    let requests = 0;
    await page.route(`**${blocked}`, (route) => {
      requests++;
      return unreachable ? route.abort() : route.continue();
    });
    await page.goto(`${server.url}/book.html`);
    await mounted(page, 2);
    // A placeholder the page adds: the loader mounts it, and its part does not come.
    const first = await addFailingTopology(page, 'en');
    assert(first.failed, 'the placeholder is marked failed');
    assert(first.said.includes('could not be loaded'), `the placeholder says: ${first.said}`);
    assertEq(first.other, 'pv-1 が繋がっている', 'the page\'s CSI demo answers meanwhile');
    const refused = requests;
    // The network is back: a later request fetches the part again and mounts the demo.
    unreachable = false;
    const root = await page.evaluate(async () => {
      const { mountDemo } = await import('/kubevol.js');
      const el = document.getElementById('added');
      await mountDemo(el, 'topology', 'en');
      return el.querySelector('[data-kubevol-root]')?.dataset.kubevolRoot;
    });
    assertEq(root, 'topology', 'the second request mounts it');
    assert(refused >= 1 && requests > refused, `the pack was requested again (${refused} refused, ${requests} in all)`);
    assert(page.problems.some((p) => p.includes('could not be fetched')), `the console says why: ${page.problems.join(' | ')}`);
    await page.context().close();
  }],
  ['a part of another build is refused with a message that says so, before anything of it runs', async () => {
    // The topology pack as another build writes it: the same modules, another build's id. (A host
    // that served stale bytes under this build's file name would hand the page such a file.)
    const file = FILES.packs['part-topology'];
    const real = readFileSync(`${dist}/${file}`);
    const foreign = Buffer.from(real);
    const at = foreign.indexOf(Buffer.from(FILES.build));
    assert(at > 0, 'the pack carries its build id');
    foreign.write('000000000000', at);
    const page = await watchedPage(browser);
    let stale = true;
    await page.route(`**/${file}`, (route) => route.fulfill({ contentType: 'application/wasm', body: stale ? foreign : real }));
    await page.goto(`${server.url}/book.html`);
    await mounted(page, 2);
    const first = await addFailingTopology(page);
    assertEq(JSON.stringify([first.failed, first.other]), JSON.stringify([true, 'pv-1 が繋がっている']), 'refused, and the page\'s other demo works');
    const said = page.problems.find((p) => p.includes('belongs to another build'));
    assert(said?.includes(`(000000000000, not ${FILES.build})`), `the console says which build: ${page.problems.join(' | ')}`);
    // The host serves this build's own pack again: it mounts and answers.
    stale = false;
    const step = await page.evaluate(async () => {
      const { mountDemo } = await import('/kubevol.js');
      const el = document.getElementById('added');
      await mountDemo(el, 'topology', 'ja');
      el.querySelector('[data-action="step"]').click();
      await new Promise((r) => setTimeout(r, 50));
      return el.querySelector('[data-state="step"]')?.textContent;
    });
    assertEq(step, 'step=1', 'this build\'s own pack then mounts and answers');
    await page.context().close();
  }],
  ['a rendered demo whose code cannot be fetched says so where it stands, and Try again mounts it once it can', async () => {
    const page = await watchedPage(browser, { viewport: { width: 390, height: 900 } });
    let blocked = true;
    await page.route(`**${mainWasm}`, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto(`${server.url}/book-en.html`);
    await page.waitForFunction(() => document.querySelectorAll('[data-kubevol-failed]').length === 2);
    const host = demos(page).first();
    const box = host.locator(':scope > .kv-load-failed');
    assertEq(await box.getAttribute('role'), 'alert', 'the message is announced');
    assert(await box.isVisible(), 'the message is on screen');
    assert((await text(box)).startsWith('Demo · could not be loaded'), `the demo says: ${await text(box)}`);
    // Above the rendered screen, which stays, inert: its controls do not take a tap.
    const [boxAt, rootAt] = await Promise.all([box.boundingBox(), host.locator('[data-kubevol-root]').boundingBox()]);
    assert(boxAt.y + boxAt.height <= rootAt.y + 1, `the message (${boxAt.y}+${boxAt.height}) sits above the demo (${rootAt.y})`);
    assertEq(await host.locator('[data-kubevol-root]').evaluate((r) => r.inert), true, 'the rendered demo is inert');
    assert(page.problems.some((p) => p.includes('demo failed to load')), `the console says why: ${page.problems.join(' | ')}`);
    page.problems.length = 0;
    // The network is back: Try again mounts the demo, which then answers.
    blocked = false;
    await box.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction(() => document.querySelector('[data-kubevol-demo]').hasAttribute('data-kubevol-mounted'));
    assertEq(await host.locator('.kv-load-failed').count(), 0, 'the message is gone');
    await host.locator('[data-action="attach"][data-node="node-a"]').click();
    assert((await text(host.locator('[data-node="node-a"] [data-state="disk"]'))).includes('pv-1'), 'the demo answers');
    await page.context().close();
  }],
  ['switching html.dark recolours the demos through the host variables', async () => {
    const page = await watchedPage(browser, { colorScheme: 'light' });
    await page.goto(`${server.url}/book.html`);
    await mounted(page, 2);
    const frame = demos(page).first().locator('.kv').first();
    const colours = () => frame.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    assertEq(JSON.stringify(await colours()), JSON.stringify(['rgb(246, 246, 247)', 'rgb(60, 60, 67)']), 'light');
    await page.locator('[data-book="theme"]').click();
    assertEq(await page.evaluate(() => document.documentElement.className), 'dark', 'html class');
    assertEq(JSON.stringify(await colours()), JSON.stringify(['rgb(32, 33, 39)', 'rgb(223, 223, 214)']), 'dark');
    page.assertClean();
    await page.context().close();
  }],
  ['without host variables the demos still follow html.dark and prefers-color-scheme', async () => {
    for (const [scheme, klass, want] of [['light', '', 'rgb(246, 246, 247)'], ['light', 'dark', 'rgb(32, 33, 39)'], ['dark', '', 'rgb(32, 33, 39)']]) {
      const page = await watchedPage(browser, { colorScheme: scheme });
      await page.goto(`${server.url}/fixtures/malformed.html`);
      await mounted(page, 2);
      if (klass) await page.evaluate((k) => document.documentElement.classList.add(k), klass);
      const bg = await page.locator('#before .kv').evaluate((el) => getComputedStyle(el).backgroundColor);
      assertEq(bg, want, `${scheme} scheme, html class "${klass}"`);
      await page.context().close();
    }
  }],
  ['under a strict Content-Security-Policy the page loads cleanly and the demos work', async () => {
    const page = await watchedPage(browser);
    const response = await page.goto(`${strict.url}/book.html`);
    assertEq(response.headers()['content-security-policy'], CSP, 'CSP header');
    await mounted(page, 2);
    const demo = demos(page).first();
    await demo.locator('[data-action="attach"][data-node="node-a"]').click();
    assertEq(await text(demo.locator('[data-node="node-a"] [data-state="disk"]')), 'pv-1 が繋がっている', 'click works');
    await page.locator('[data-book="theme"]').click();
    const inline = await page.evaluate(() => document.querySelectorAll('[style], script:not([src])').length);
    assertEq(inline, 0, 'inline styles or scripts');
    page.assertClean();
    await page.context().close();
  }],
  ['a malformed placeholder shows a clear message and its neighbours still work', async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/fixtures/malformed.html`);
    await mounted(page, 2);
    const alert = (id) => text(page.locator(`#${id} [role="alert"]`));
    assert((await alert('unknown-kind')).includes('unknown demo "cis"'), 'unknown kind');
    // A language the demos do not speak is said in the demo, which speaks the page's (English).
    const notice = await text(page.locator('#unknown-lang [data-state="notice"]'));
    assert(notice.startsWith('data-lang "fr" is not a language this demo speaks (ja or en); shown in English'), notice);
    assert((await alert('empty')).includes('unknown demo ""'), 'empty kind');
    await page.locator('#before [data-action="attach"][data-node="node-b"]').click();
    assertEq(await text(page.locator('#before [data-node="node-b"] [data-state="disk"]')), 'pv-1 attached', 'demo before');
    await page.locator('#after [data-action="step"]').click();
    assertEq(await text(page.locator('#after [data-state="step"]')), 'step=1', 'demo after');
    // A page can also mount a demo into an element it creates, through the loader's API.
    const ok = await page.evaluate(async () => {
      const { mountDemo } = await import('/kubevol.js');
      const el = document.createElement('div');
      document.querySelector('main').append(el);
      await mountDemo(el, 'topology', 'en');
      let refused = '';
      try { await mountDemo(document.createElement('div'), 'nfs', 'en'); } catch (e) { refused = String(e.message ?? e); }
      return [el.querySelector('[data-kubevol-root]')?.dataset.kubevolRoot, refused];
    });
    assertEq(ok[0], 'topology', 'mountDemo');
    assert(ok[1].includes('unknown demo "nfs"'), `mountDemo refusal: ${ok[1]}`);
    await page.context().close();
  }],
  ['loading shifts no layout: space is reserved before the wasm arrives', async () => {
    for (const path of ['/book.html', '/book-en.html', '/index.html']) {
      const page = await watchedPage(browser, { viewport: { width: 760, height: 900 } });
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${slow.url}${path}`);
      // While the module loads, the stylesheet draws the demo's frame, saying so.
      const loading = await page.locator('[data-kubevol-demo]').first().evaluate((el) => getComputedStyle(el, '::before').content);
      assert(/読み込み中|loading/.test(loading), `the loading frame shows first: ${loading}`);
      await page.waitForFunction(() => document.querySelectorAll('[data-kubevol-demo]:not([data-kubevol-mounted])').length === 0);
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => window.__shifts);
      assertEq(shifts.reduce((a, b) => a + b, 0), 0, `${path}: cumulative layout shift (${shifts.join(', ')})`);
      page.assertClean();
      await page.context().close();
    }
  }],
  ['unmountDemo takes a demo down and frees it; mounting or unmounting twice is harmless', async () => {
    const page = await watchedPage(browser);
    const debug = [];
    page.on('console', (m) => { if (m.type() === 'debug') debug.push(m.text()); });
    await page.goto(`${server.url}/book-en.html`);
    await mounted(page, 2);
    const steps = await page.evaluate(async () => {
      const { mountDemo, unmountDemo, mountedDemos } = await import('/kubevol.js');
      const host = document.querySelectorAll('[data-kubevol-demo]')[0];
      const out = { before: await mountedDemos() };
      await mountDemo(host, 'csi', 'en'); // already holds one
      out.twice = [host.querySelectorAll('[data-kubevol-root]').length, await mountedDemos()];
      out.unmounted = await unmountDemo(host);
      await new Promise((r) => setTimeout(r, 100));
      out.after = [host.childElementCount, host.hasAttribute('data-kubevol-mounted'), await mountedDemos(),
        getComputedStyle(host, '::before').display];
      out.again = await unmountDemo(host);
      await mountDemo(host, 'csi', 'en');
      out.remounted = [host.querySelectorAll('[data-kubevol-root]').length, await mountedDemos()];
      return out;
    });
    assertEq(JSON.stringify(steps), JSON.stringify({
      before: 2, twice: [1, 2], unmounted: true, after: [0, false, 1, 'none'], again: false, remounted: [1, 2],
    }), 'mount twice, unmount, unmount again, mount again');
    assert(debug.some((d) => d.includes('already holds a demo')) && debug.some((d) => d.includes('holds no demo')),
      `both harmless calls say so at debug level: ${debug.join(' | ')}`);
    page.assertClean();
    await page.context().close();
  }],
  ['a panic in one demo replaces it with a message and the other demo keeps working', async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/book.html`);
    await mounted(page, 2);
    const panicked = await page.evaluate(async () => {
      const { panicForTest } = await import('/kubevol.js');
      try { await panicForTest(document.querySelectorAll('[data-kubevol-demo]')[0]); } catch { /* the trap surfaces as an exception */ }
      return document.querySelectorAll('[data-kubevol-demo]')[0].querySelector('[role="alert"]')?.textContent;
    });
    assert(panicked?.startsWith('このデモは内部のエラーで止まった'), `message in place: ${panicked}`);
    assert(page.problems.some((p) => p.includes('kubevol: a demo panicked') && p.includes('panic requested through panicForTest')),
      `the console keeps the panic text: ${page.problems.join(' | ')}`);
    const second = demos(page).nth(1);
    await second.locator('[data-action="attach"][data-node="node-b"]').click();
    assertEq(await text(second.locator('[data-node="node-b"] [data-state="disk"]')), 'pv-1 が繋がっている', 'second demo still works');
    await page.context().close();
  }],
  ['every control is reachable by keyboard, with a visible focus ring', async () => {
    const page = await watchedPage(browser);
    await page.goto(`${server.url}/book-en.html`);
    await mounted(page, 2);
    const demo = demos(page).first();
    await demo.locator('[data-action="lang"]').focus();
    let found = false;
    for (let i = 0; i < 30 && !found; i++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement?.matches('[data-action="attach"][data-node="node-a"]'));
    }
    assert(found, 'Tab reaches "Attach (node-a)"');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assertEq(outline, 'solid', 'focus ring');
    await page.keyboard.press('Enter');
    assertEq(await text(demo.locator('[data-node="node-a"] [data-state="disk"]')), 'pv-1 attached', 'Enter presses it');
    await page.keyboard.press('Space');
    assertEq(await text(demo.locator('[data-state="verdict"]')), 'pv-1 is attached to node-a; no pod sees it yet', 'Space presses it again (idempotent)');
    page.assertClean();
    await page.context().close();
  }],
]);

await browser.close();
await Promise.all([server.close(), strict.close(), slow.close()]);
