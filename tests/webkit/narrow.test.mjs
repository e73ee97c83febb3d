// No demo wider than its column at 390 px, in WebKit and in Firefox, through WebDriver: the same
// check as tests/e2e/narrow.test.mjs in Chromium (tests/e2e/narrow.mjs drives each demo and looks
// after every step), on the gallery in both languages and the example pages.
//   node tests/webkit/narrow.test.mjs dist firefox
//   xvfb-run -a -s "-screen 0 1440x2000x24 -noreset" node tests/webkit/narrow.test.mjs dist webkit
import { fileURLToPath } from 'node:url';
import { run, assert, assertEq } from '../e2e/harness.mjs';
import { startServer } from '../e2e/static-server.mjs';
import { COMMANDS, SKIP, driveAndLook, levelInOneScreen } from '../e2e/narrow.mjs';
import { startDriver, session } from './webdriver.mjs';

const dist = process.argv[2] ?? 'dist';
const engine = process.argv[3] ?? 'webkit';
const root = fileURLToPath(new URL('../..', import.meta.url));
// The phone-sized frame (frame.html) is served beside the pages.
const server = await startServer(dist, {
  mounts: { '/__webkit__/': `${root}tests/webkit`, '/fixtures/': `${root}tests/e2e/fixtures` },
});
const driver = await startDriver(engine);

const tests = ['/index.html', '/en.html', '/book.html', '/book-en.html'].map((path) => [
  `${engine}: ${path} at 390 px: no demo wider than its column, the page never scrolls sideways`,
  async () => {
    const s = await session(driver);
    try {
      // Neither MiniBrowser's window nor headless Firefox's goes below about 450 px: the page is
      // shown in a 390 px frame, and checked inside it.
      await s.size(800, 1000);
      await s.goto(`${server.url}/__webkit__/frame.html?src=${encodeURIComponent(path)}`);
      await s.until(() => !!document.getElementById('phone').contentDocument?.querySelector('[data-kubevol-demo]'),
        { timeout: 30_000, what: 'the frame\'s page' });
      await s.frame('#phone');
      assertEq(await s.run(() => innerWidth), 390, 'the frame\'s viewport');
      await s.until(() => document.querySelectorAll('[data-kubevol-demo]:not([data-kubevol-mounted])').length === 0,
        { timeout: 30_000, what: 'every demo mounted' });
      const { demos, found } = await s.run(driveAndLook, { COMMANDS, SKIP });
      assert(demos > 0, `${path}: demos driven`);
      assertEq(found.slice(0, 30).join('\n'), '', `${engine}: ${path} at 390 px`);
    } finally {
      await s.close();
    }
  },
]);
// A page that opens its demos in levels, in the 390 x 844 frame: each demo's level name, the line of
// its checks and its cluster's picture in one screen.
tests.push([`${engine}: a demo opened in a level: its name, its checks' line and its picture in one 390 x 844 screen`, async () => {
  const s = await session(driver);
  try {
    await s.size(800, 1000);
    await s.goto(`${server.url}/__webkit__/frame.html?src=${encodeURIComponent('/fixtures/levels-en.html')}`);
    await s.until(() => !!document.getElementById('phone').contentDocument?.querySelector('[data-kubevol-demo]'),
      { timeout: 30_000, what: 'the frame\'s page' });
    await s.frame('#phone');
    assertEq(await s.run(() => [innerWidth, innerHeight].join('x')), '390x844', 'the frame\'s viewport');
    await s.until(() => document.querySelectorAll('[data-state="level-strip"]').length === 3,
      { timeout: 30_000, what: 'every demo in its level' });
    const { demos, out } = await s.run(levelInOneScreen);
    assertEq(demos, 3, 'demos');
    assertEq(out.join('\n'), '', `${engine}: in one screen`);
  } finally {
    await s.close();
  }
}]);
await run(`narrow-${engine}`, tests);
await driver.close();
await server.close();
