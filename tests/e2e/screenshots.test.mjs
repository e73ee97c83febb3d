// Reference screenshots of every demo at the book's 688 px column, light and dark, ja and en, and
// of each chapter's demo with its picture of the cluster on a 390 px phone and a 1024 px window,
// compared pixel by pixel with the committed PNGs in tests/screenshots/. Each demo is first driven
// into the state of scenes.mjs: the chapter's first screen, or (lab) with every fold open, or a
// level in progress and solved (at 390 and 1024 px only). UPDATE_SCREENSHOTS=1 rewrites the references.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { launch, watchedPage, run, assert } from './harness.mjs';
import { startServer } from './static-server.mjs';
import { SCENES, click, mountScene } from './scenes.mjs';

const dist = process.argv[2] ?? 'dist';
const REFERENCES = new URL('../screenshots/', import.meta.url);
const OUT = new URL('./out/', import.meta.url);
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
// Anti-aliasing may differ by a few pixels between runs; anything more is a real change.
const MAX_DIFF_RATIO = 0.002;

const server = await startServer(dist);
const browser = await launch();
mkdirSync(REFERENCES, { recursive: true });
mkdirSync(OUT, { recursive: true });

// The viewport of the gallery's 688 px column; then a phone and a window for the chapters' scenes.
const COLUMN = 760;
const tests = [];
for (const [scenario, scene] of Object.entries(SCENES)) {
  const widths = scene.widths ?? (scene.view === 'chapter' ? [COLUMN, 390, 1024] : [COLUMN]);
  for (const [theme, lang, width] of ['light', 'dark'].flatMap((t) => ['ja', 'en'].flatMap((l) => widths.map((w) => [t, l, w])))) {
    {
      const name = width === COLUMN ? `${scenario}-${theme}-${lang}` : `${scenario}-${width}-${theme}-${lang}`;
      tests.push([name, async () => {
        const page = await watchedPage(browser, { viewport: { width, height: 1200 }, colorScheme: theme });
        await page.goto(`${server.url}/index.html`);
        if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
        const demo = await mountScene(page, scenario);
        if (lang === 'en') await click(demo, '[data-action="lang"]');
        await scene.run(demo);
        const root = demo.locator('[data-kubevol-root]');
        const box = await root.boundingBox();
        if (width === COLUMN) assert(Math.round(box.width) === 688, `${name}: the demo is ${box.width} px wide, not 688`);
        // A screen as tall as the demo, so that it is captured at rest, whole: a level's strip stays
        // at the top of the screen while the demo scrolls (sticky), and would be drawn mid-demo.
        if (box.height + 64 > 1200) {
          await page.setViewportSize({ width, height: Math.ceil(box.height) + 64 });
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        // content-visibility: auto paints a demo only after the browser has seen it near the
        // viewport, a frame or more after it scrolls in. On a busy machine the capture can land
        // before that and the shot is an empty frame, so wait until its contents are painted.
        await root.scrollIntoViewIfNeeded();
        await page.waitForFunction(
          (el) => el.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === true,
          await root.elementHandle(),
        );
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const shot = await root.screenshot({ animations: 'disabled', caret: 'hide' });
        page.assertClean();
        await page.context().close();
        const file = new URL(`${name}.png`, REFERENCES);
        if (UPDATE || !existsSync(file)) {
          assert(UPDATE, `${name}: no reference screenshot; run with UPDATE_SCREENSHOTS=1 and look at it`);
          writeFileSync(file, shot);
          return;
        }
        const want = PNG.sync.read(readFileSync(file));
        const got = PNG.sync.read(shot);
        if (want.width !== got.width || want.height !== got.height) {
          writeFileSync(new URL(`${name}.actual.png`, OUT), shot);
          throw new Error(`${name}: size ${got.width}x${got.height}, reference ${want.width}x${want.height} (actual in tests/e2e/out/)`);
        }
        const diff = new PNG({ width: got.width, height: got.height });
        const differing = pixelmatch(want.data, got.data, diff.data, got.width, got.height, { threshold: 0.1 });
        const ratio = differing / (got.width * got.height);
        if (ratio > MAX_DIFF_RATIO) {
          writeFileSync(new URL(`${name}.actual.png`, OUT), shot);
          writeFileSync(new URL(`${name}.diff.png`, OUT), PNG.sync.write(diff));
          throw new Error(`${name}: ${differing} pixels (${(ratio * 100).toFixed(2)}%) differ from the reference (see tests/e2e/out/)`);
        }
      }]);
    }
  }
}

await run('screenshots', tests);
await browser.close();
await server.close();
