// No flash as a rendered demo goes live, in WebKit and Firefox through WebDriver (Chromium's
// check is tests/e2e/prerender.test.mjs). The example pages (book.html in Japanese, book-en.html
// in English) hold their demos rendered at build time; their code is held back by the server, a
// shot of the window is taken, the code is let go, and once every demo is live a second shot is
// taken (in WebKit, the loader is what comes late: see LATE_LOADER). Within the first demo's
// rectangle the two must be the same to the pixel (within 2 of 255 per channel), at 390, 720 and
// 1024 px, light and dark:
// going live changes nothing a reader sees but the not-yet-live marks, which draw nothing (a
// disabled button's default cursor, and no hover feedback with no pointer over it).
//   node tests/webkit/first-paint.test.mjs dist firefox
//   xvfb-run -a -s "-screen 0 1440x2000x24 -noreset" node tests/webkit/first-paint.test.mjs dist webkit
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run, assertEq } from '../e2e/harness.mjs';
import { startServer } from '../e2e/static-server.mjs';
import { changedPixels } from '../e2e/pixels.mjs';
import { startDriver, session } from './webdriver.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = process.argv[2] ?? 'dist';
const engine = process.argv[3] ?? 'webkit';
const OUT = `${root}tests/e2e/out`;
mkdirSync(OUT, { recursive: true });
let release = () => {};
let held = Promise.resolve();
let refusing = false;
// A page that opens each demo in a level (tests/e2e/fixtures/levels-en.html), rendered here as a
// book's build renders it: each demo at its level's start, which going live must not change.
const { fillHtml } = await import(`${root}${dist}/kubevol-prerender.mjs`);
const LEVELS_PAGE = 'first-paint-levels-en.html';
writeFileSync(`${OUT}/${LEVELS_PAGE}`, fillHtml(readFileSync(`${root}tests/e2e/fixtures/levels-en.html`, 'utf8')).html);
const server = await startServer(dist, {
  mounts: { '/fixtures/': `${root}tests/e2e/fixtures`, '/out/': `${OUT}/` },
  delay: (path) => (path.endsWith('.wasm') ? held.then(() => 0) : 0),
  refuse: (path) => refusing && path === '/kubevol.js',
});
// WebKitWebDriver runs no script in a page whose load has not ended, and a fetch held back keeps
// it from ending. So in WebKit the code held back is the loader: the page loads with kubevol.js
// refused, and once its rendered screen is shot, the loader comes late, as on a slow network, into
// the same page (a module import of the same file), which then goes live. In Firefox the page's
// wasm is held back and then let go. Either way one load. Firefox's two shots must be the same to
// the pixel; WebKit repaints the live demo's new elements with their antialiased edges (rounded
// corners, the volume's ellipse, a list bullet) a few levels apart, so there a pixel counts unless
// it matches a neighbour (`changedPixels`' edges): a box, a colour or a text that changes still
// counts, and the scroll position, checked as well, must not move at all.
const LATE_LOADER = engine === 'webkit';
const driver = await startDriver(engine);

const tests = [];
const PAGES = [
  ['book.html', 'ja', 2, ['light', 'dark'], [390, 720, 1024]],
  ['book-en.html', 'en', 2, ['light', 'dark'], [390, 720, 1024]],
  [`out/${LEVELS_PAGE}`, 'en-levels', 3, ['light'], [390, 1024]],
];
for (const [page, lang, demos, themes, widths] of PAGES) {
  for (const theme of themes) {
    for (const width of widths) {
      tests.push([`${page} (${lang}) at ${width} px, ${theme}: going live changes no pixel`, async () => {
        // A load whose wasm is held has not ended (Firefox counts a page's fetches): in Firefox the
        // page is driven once it is parsed.
        const s = await session(driver, LATE_LOADER ? {} : { pageLoadStrategy: 'eager' });
        try {
          await s.size(width, 900);
          // The page's appearance switch keeps its choice here, as VitePress's does: set on an
          // empty page of the same origin, then the page is loaded once, its code held back.
          await s.goto(`${server.url}/fixtures/empty.html`);
          await s.run((theme) => localStorage.setItem('vitepress-theme-appearance', theme), theme);
          const settle = async (what) => {
            // Settled: the page's fonts loaded, and no transition running (the example page's
            // module script sets its theme after the first paint, and a node card's border eases
            // into the dark one). Then the first demo's top at the window's top.
            await s.until((demos) => document.fonts.status === 'loaded' && document.getAnimations().length === 0
              && document.querySelectorAll('[data-kubevol-rendered] [data-kubevol-root]').length === demos,
            { what: `${what}, with the page's fonts and no transition running` }, demos);
            await s.run(() => {
              const demo = document.querySelector('[data-kubevol-demo]');
              scrollTo(0, Math.round(demo.getBoundingClientRect().top + scrollY - 8));
              // Then a second, for the overlay scrollbar that scrolling shows to fade again.
              return new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 1500));
            });
          };
          held = new Promise((r) => { release = r; });
          refusing = LATE_LOADER;
          await s.goto(`${server.url}/${page}`);
          await settle('the rendered demos');
          const mounted = await s.run(() => document.querySelectorAll('[data-kubevol-mounted]').length);
          assertEq(mounted, 0, 'demos live with their code held back');
          const before = await s.window();
          const scrolled = await s.run(() => scrollY);
          release();
          refusing = false;
          // The module map keeps the refused fetch's failure under its address: the late loader
          // is the same file under another (its files resolve beside it all the same).
          if (LATE_LOADER) await s.run(() => { import(new URL('/kubevol.js?late', location.href).href); });
          await s.until((demos) => document.querySelectorAll('[data-kubevol-mounted]').length === demos, { what: 'every demo live' }, demos);
          await s.run(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          // A reader scrolled down to the demos stays where they were (WebKit once pulled them up
          // by the demos' height: kubevol.js, attach).
          assertEq(await s.run(() => scrollY), scrolled, 'the page\'s scroll position once the demos are live');
          const after = await s.window();
          const name = `first-paint-${engine}-${lang}-${theme}-${width}`;
          writeFileSync(`${OUT}/${name}-rendered.png`, before);
          writeFileSync(`${OUT}/${name}-live.png`, after);
          // The first demo's rectangle in the window, within the page's width (no scrollbar).
          const rect = await s.run(() => {
            const r = document.querySelector('[data-kubevol-demo]').getBoundingClientRect();
            return { x: r.x, y: r.y, width: Math.min(r.width, document.documentElement.clientWidth - r.x),
              height: Math.min(r.height, innerHeight - r.y), viewport: innerWidth };
          });
          assertEq(changedPixels(before, after, { edges: LATE_LOADER, rect }), 0, `pixels that changed as the demos went live (${name}-*.png)`);
          assertEq(await s.run(() => document.querySelectorAll('[data-kubevol-demo] [aria-disabled]').length), 0, 'not-yet-live marks left');
        } finally {
          release();
          refusing = false;
          await s.close();
        }
      }]);
    }
  }
}

await run(`first-paint-${engine}`, tests);
driver.close();
await server.close();
