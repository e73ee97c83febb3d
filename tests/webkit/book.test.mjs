// The release build and the VitePress book in WebKit, Safari's engine (every browser on an iPhone
// runs it): Debian's WebKitGTK MiniBrowser, driven by its WebKitWebDriver, under Xvfb. The checks
// that matter most to a reader: pages load with no error, each demo answers a click, sidebar
// navigation mounts and frees demos, the appearance switch re-themes, a mounting demo shifts
// nothing at 390 and 1024 px with its reservation fitting, a share link restores in a fresh
// session, and a demo whose code cannot be fetched says so. Screenshots of the three chapter demos
// at 390 px go to tests/e2e/out/ to be looked at.
//   xvfb-run -a -s "-screen 0 1440x2000x24 -noreset" node tests/webkit/book.test.mjs dist
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { run, assert, assertEq } from '../e2e/harness.mjs';
import { startServer } from '../e2e/static-server.mjs';
import { PAGES, PROBE, allMounted, answersInPage, reservationGaps } from '../e2e/book-pages.mjs';
import { startDriver, session } from './webdriver.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = process.argv[2] ?? 'dist';
const book = `${root}tests/vitepress/docs/.vitepress/dist`;
const OUT = `${root}tests/e2e/out`;
mkdirSync(OUT, { recursive: true });
// Every page gets the error probe first in its <head>; the frame page and the probe are ours.
const options = {
  mounts: { '/__webkit__/': `${root}tests/webkit` },
  rewrite: (url, html) => html.replace('<head>', '<head><script src="/__webkit__/probe.js"></script>'),
};
const files = (site) => JSON.parse(readFileSync(`${site}/kubevol/kubevol-files.json`, 'utf8'));
const example = await startServer(dist, options);
const server = await startServer(book, options);
// The wasm arrives 900 ms late here: the page shows its placeholders first.
const slow = await startServer(book, { ...options, delay: (path) => (path.endsWith('.wasm') ? 900 : 0) });
const bookFiles = files(book);
const broken = await startServer(book, { ...options, refuse: (path) => path === `/kubevol/${bookFiles.main.wasm}` });
const driver = await startDriver();
const first = await session(driver);
console.log(`  engine: ${first.capabilities.browserName} ${first.capabilities.browserVersion} (WebKitGTK), `
  + `${await first.run(() => navigator.userAgent)}`);
await first.close();

const problems = () => window.__problems;

// The demo's rectangle (342 px wide, `height` tall) out of a shot of the window.
function crop(base64, frame, inner, height) {
  const shot = PNG.sync.read(Buffer.from(base64, 'base64'));
  const k = frame.ratio;
  const [x, y, w, h] = [frame.x + inner.x, frame.y + inner.y, 342, height].map((v) => Math.round(v * k));
  assert(x + w <= shot.width && y + h <= shot.height, `the demo (${x},${y} ${w}x${h}) lies within the shot (${shot.width}x${shot.height})`);
  const out = new PNG({ width: w, height: h });
  PNG.bitblt(shot, out, x, y, w, h, 0, 0);
  return PNG.sync.write(out);
}

// A fresh session for each test, closed after it whatever happens.
const withSession = (fn) => async () => {
  const s = await session(driver);
  try {
    await s.size(1280, 1800);
    await fn(s);
  } finally {
    await s.close();
  }
};

await run('webkit', [
  ['the example page loads with no error and each demo answers a click', withSession(async (s) => {
    await s.goto(`${example.url}/book.html`);
    await s.until(allMounted, { what: 'two demos mounted' }, 2);
    assertEq(JSON.stringify(await s.run(answersInPage, PROBE)), JSON.stringify(['csi', 'csi']), 'demos that answer');
    assertEq(JSON.stringify(await s.run(problems)), '[]', 'errors on the page');
  })],
  ['every VitePress chapter loads with no error and each of its demos answers a click', withSession(async (s) => {
    for (const [path, kinds] of Object.entries(PAGES)) {
      await s.goto(`${server.url}${path}`);
      await s.until(allMounted, { what: `${path}: ${kinds.length} demos mounted` }, kinds.length);
      assertEq(JSON.stringify(await s.run(answersInPage, PROBE)), JSON.stringify(kinds), `${path}: demos that answer`);
      assertEq(JSON.stringify(await s.run(problems)), '[]', `${path}: errors on the page`);
    }
  })],
  ['twenty round trips by the sidebar mount each arriving page\'s demos and free the old ones', withSession(async (s) => {
    await s.goto(`${server.url}/parts/csi.html`);
    await s.until(allMounted, { what: 'the CSI demo mounted' }, 1);
    const follow = async (path, n) => {
      await s.click(`.VPSidebar a[href="${path}"]`);
      await s.until((path) => location.pathname === path, { what: `arrived at ${path}` }, path);
      await s.until(allMounted, { what: `${path} mounted` }, n);
    };
    const counters = () => s.run(async () => {
      const { mountedDemos, wasmMemory } = await import('/kubevol/kubevol.js');
      return { elements: document.getElementsByTagName('*').length, demos: await mountedDemos(), wasm: wasmMemory() };
    });
    await s.run(() => { window.__sameDocument = true; });
    const trip = async () => {
      await follow('/parts/statefulset.html', 1);
      await follow('/parts/csi.html', 1);
      await s.click('[data-action="attach"][data-node="node-a"]');
    };
    // One trip first, the same as those counted, so that what one trip needs is allocated before
    // counting (a warm-up with no click left one 64 KiB page to grow, once).
    await trip();
    const before = await counters();
    for (let n = 0; n < Number(process.env.TRIPS ?? 20); n++) await trip();
    const after = await counters();
    console.log(`  20 round trips: elements in the document ${before.elements} -> ${after.elements}, demos held ${after.demos},`
      + ` wasm memory ${JSON.stringify(before.wasm)} -> ${JSON.stringify(after.wasm)}`);
    assert(await s.run(() => window.__sameDocument === true), 'no full reload');
    assertEq(after.demos, 1, 'demos the wasm holds');
    assert(Math.abs(after.elements - before.elements) <= 50, `the document grew by ${after.elements - before.elements} elements`);
    assertEq(JSON.stringify(after.wasm), JSON.stringify(before.wasm), 'wasm memory after 20 trips');
    assertEq(JSON.stringify(await s.run(problems)), '[]', 'errors on the page');
  })],
  ['the appearance switch re-themes the demo', withSession(async (s) => {
    await s.goto(`${server.url}/parts/csi.html`);
    await s.until(allMounted, { what: 'the CSI demo mounted' }, 1);
    const colours = () => s.run(() => {
      const kv = document.querySelector('.kv');
      return [getComputedStyle(kv).backgroundColor, getComputedStyle(kv).color, document.documentElement.classList.contains('dark')];
    });
    const light = await colours();
    await s.click('.VPNavBarAppearance .VPSwitchAppearance');
    await s.until(() => document.documentElement.classList.contains('dark'), { what: 'the page turned dark' });
    const dark = await colours();
    assertEq(JSON.stringify(light), JSON.stringify(['rgb(246, 246, 247)', 'rgb(60, 60, 67)', false]), 'light');
    assertEq(JSON.stringify(dark), JSON.stringify(['rgb(32, 33, 39)', 'rgb(223, 223, 214)', true]), 'dark');
  })],
  ['a demo mounting in view shifts nothing at 390 and 1024 px, and its reservation fits', withSession(async (s) => {
    const report = [];
    for (const path of ['/parts/csi.html', '/parts/statefulset.html', '/parts/topology.html']) {
      for (const width of [390, 1024]) {
        if (width === 390) {
          // MiniBrowser's window is at least 447 px wide: the page goes in a 390 px frame.
          await s.goto(`${slow.url}/__webkit__/frame.html?src=${encodeURIComponent(path)}`);
          await s.until(() => !!document.getElementById('phone').contentDocument?.querySelector('[data-kubevol-demo]'), { what: 'the frame\'s page' });
          await s.frame('#phone');
        } else {
          await s.size(1024, 900);
          await s.goto(`${slow.url}${path}`);
        }
        const { innerWidth, loading } = await s.until(() => {
          const host = document.querySelector('[data-kubevol-demo]');
          return host && { innerWidth, loading: !host.hasAttribute('data-kubevol-mounted') };
        }, { what: 'a placeholder' });
        assert(loading, `${path} at ${width}: the demo is still loading when measured`);
        // Where what follows the first demo sits while it loads, and once it has mounted.
        const below = () => s.run(() => {
          const host = document.querySelector('[data-kubevol-demo]');
          host.scrollIntoView({ block: 'start' });
          return (host.nextElementSibling ?? host.parentElement.nextElementSibling).getBoundingClientRect().top + scrollY;
        });
        const waiting = await below();
        await s.until(allMounted, { what: `${path} mounted`, timeout: 15_000 }, PAGES[path].length);
        await new Promise((r) => setTimeout(r, 300));
        const arrived = await below();
        const gaps = (await s.run(reservationGaps)).map((g) => g.gap);
        report.push(`${width}/${path.slice(7, -5)}: moved ${(arrived - waiting).toFixed(1)} px, unused ${gaps.map((g) => g.toFixed(0)).join('+')} px`);
        assertEq(innerWidth, width, `${path}: the viewport's width`);
        assert(Math.abs(arrived - waiting) < 0.5, `${path} at ${width} px: what follows the demo moved ${arrived - waiting} px when it mounted`);
        for (const gap of gaps) assert(gap >= 0 && gap < 24, `${path} at ${width} px: a demo leaves ${gap.toFixed(1)} px unused`);
        assertEq(JSON.stringify(await s.run(problems)), '[]', `${path} at ${width}: errors on the page`);
        await s.top();
      }
    }
    console.log(`  ${report.join(' · ')}`);
  })],
  ['a share link restores in a fresh session', async () => {
    const moment = (nth) => document.querySelectorAll('[data-kubevol-root="topology"]')[nth]
      && ['badge', 'verdict', 'log'].map((st) => document.querySelectorAll('[data-kubevol-root="topology"]')[nth].querySelector(`[data-state="${st}"]`).textContent);
    const open = async (s, name) => {
      await s.click(`[data-kubevol-demo="topology"][data-preset="spread"] .kv-folds [data-action="${name}"]`);
      await s.until((name) => {
        const panel = document.querySelector(`[data-kubevol-demo="topology"][data-preset="spread"] [data-state="${name}"]`);
        return panel && !panel.hidden && !panel.querySelector('[data-state="part-loading"]') && panel.children.length > 1;
      }, { what: `the ${name} fold's part` }, name);
    };
    const one = await session(driver);
    let url;
    let shared;
    try {
      await one.size(1280, 900);
      await one.goto(`${server.url}/parts/topology.html`);
      await one.until(allMounted, { what: 'two demos mounted' }, 2);
      const chapter = '[data-kubevol-demo="topology"][data-preset="spread"]';
      await open(one, 'history');
      for (const control of ['[data-action="max-skew"][data-value="2"]', '[data-action="fail-zone"]', '[data-action="run"]', '[data-action="step"]', '[data-action="undo"]']) {
        await one.click(`${chapter} ${control}`);
      }
      shared = await one.run(moment, 1);
      await one.click(`${chapter} [data-action="share"]`);
      url = await one.until(() => document.querySelector('[data-state="share-link"]')?.value, { what: 'the share link' });
      assert(url.startsWith(`${server.url}/parts/topology.html#kubevol:topology:2:v1:`), url);
    } finally {
      await one.close();
    }
    const two = await session(driver);
    try {
      await two.size(1280, 900);
      await two.goto(url);
      await two.until(allMounted, { what: 'two demos mounted' }, 2);
      await open(two, 'history');
      assertEq(JSON.stringify(await two.run(moment, 1)), JSON.stringify(shared), 'the linked demo\'s badge, verdict and log');
      assertEq(JSON.stringify(await two.run(problems)), '[]', 'errors on the page');
    } finally {
      await two.close();
    }
  }],
  ['a demo whose code cannot be fetched says so in its place', withSession(async (s) => {
    await s.goto(`${broken.url}/parts/csi.html`);
    const said = await s.until(() => {
      const host = document.querySelector('[data-kubevol-demo][data-kubevol-failed]');
      return host?.querySelector(':scope > .kv-load-failed')?.textContent;
    }, { what: 'the placeholder marked failed' });
    assert(said.includes('読み込めなかった'), `the placeholder says: ${said}`);
    assert((await s.run(problems)).some((p) => p.includes('failed to load')), 'the console says why');
  })],
  ['the three chapter demos at 390 px, for a reader to look at', withSession(async (s) => {
    for (const [path, selector, name] of [['/parts/csi.html', '[data-kubevol-demo="csi"]', 'csi'],
      ['/parts/statefulset.html', '[data-kubevol-demo="statefulset"]', 'statefulset'],
      ['/parts/topology.html', '[data-kubevol-demo="topology"][data-preset="spread"]', 'topology-spread']]) {
      await s.goto(`${server.url}/__webkit__/frame.html?src=${encodeURIComponent(path)}`);
      await s.until(() => !!document.getElementById('phone').contentDocument?.querySelector('[data-kubevol-root]'), { what: 'the frame\'s demo' });
      await s.frame('#phone');
      await s.until(allMounted, { what: `${path} mounted` }, PAGES[path].length);
      // The frame as tall as the demo, its page scrolled to it: a shot of the frame is the demo.
      const height = await s.run((selector) => {
        const kv = document.querySelector(`${selector} > .kv`);
        kv.style.contentVisibility = 'visible';
        return Math.ceil(kv.getBoundingClientRect().height);
      }, selector);
      await s.top();
      await s.frame('#phone');
      // The demo first in the page's column, under VitePress's bar: nothing to scroll, so every
      // part of it is painted when the frame is shot.
      const inner = await s.run((selector) => {
        document.querySelector('.vp-doc').prepend(document.querySelector(selector));
        scrollTo(0, 0);
        const r = document.querySelector(`${selector} > .kv`).getBoundingClientRect();
        return { x: r.left, y: r.top };
      }, selector);
      await s.top();
      const frame = await s.run((height) => {
        const phone = document.getElementById('phone');
        phone.style.height = `${height}px`;
        const r = phone.getBoundingClientRect();
        return { x: r.left, y: r.top, ratio: devicePixelRatio };
      }, Math.ceil(inner.y) + height + 16);
      await new Promise((r) => setTimeout(r, 500));
      // WebKit's driver paints an element's shot of a frame only in part: the window's is whole.
      const png = crop(await s.call('GET', '/screenshot'), frame, inner, height);
      writeFileSync(`${OUT}/webkit-${name}-390.png`, png);
    }
  })],
]);

driver.close();
await Promise.all([example.close(), server.close(), slow.close(), broken.close()]);
