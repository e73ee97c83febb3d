// axe-core (from npm) on every demo, light and dark, both as it first appears and after the scene
// of scenes.mjs (refusals, pressed toggles, pods, a stuck controller), with its folds closed (the
// chapter's first screen) and all open (the lab view), at a phone's 390 px. Zero violations of any
// rule axe runs by default, best practices included, and of WCAG 2.2's target size (2.5.8), which
// axe leaves off unless asked: at 390 px the controls wrap closest together.
import { createRequire } from 'node:module';
import { launch, watchedPage, run, prependDemo } from './harness.mjs';
import { startServer } from './static-server.mjs';
import { SCENES, click, mountScene } from './scenes.mjs';

const dist = process.argv[2] ?? 'dist';
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const server = await startServer(dist);
const browser = await launch();
const PHONE = { width: 390, height: 844 };

async function audit(page, selector) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async (selector) => {
    const r = await window.axe.run({ include: [selector] }, {
      resultTypes: ['violations'], rules: { 'target-size': { enabled: true } },
    });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }, selector);
  if (result.length) throw new Error(`axe violations:\n  ${result.join('\n  ')}`);
}

// WCAG 2.2 AA asks 3:1 of graphics that carry meaning (1.4.11) and 4.5:1 of small text (1.4.3);
// axe checks the text, this the pictures' lines, shapes and labels, against the demo's background
// (bg-soft) and the node boxes' (bg).
async function pictureContrast(page, expectMarks) {
  const low = await page.evaluate(() => {
    const rgb = (c) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const kv = document.querySelector('#scene .kv');
    const grounds = [getComputedStyle(kv).backgroundColor, getComputedStyle(kv.querySelector('.kv-node, .kv-card, .kv-zone') ?? kv).backgroundColor];
    const marks = [
      ['.kv-wires line, .kv-link line, .kv-pvs-row line, .kv-mount path, .kv-cylinder ellipse, .kv-pv-disk ellipse, .kv-cross', 'stroke', 3],
      ['.kv-map line, .kv-map [data-node] rect, .kv-map .kv-wants circle', 'stroke', 3],
      ['.kv-bars rect, .kv-map [data-pod]:not(.kv-wants) circle', 'fill', 3],
      ['.kv-cylinder text, .kv-pv-disk text, .kv-bars text, .kv-blocks, .kv-map text', 'fill', 4.5],
    ];
    const out = [];
    let checked = 0;
    for (const [selector, property, need] of marks) {
      for (const el of document.querySelectorAll(`#scene ${selector.split(', ').join(', #scene ')}`)) {
        checked += 1;
        const colour = getComputedStyle(el)[property];
        for (const ground of grounds) {
          const r = ratio(rgb(colour), rgb(ground));
          if (r < need) out.push(`${el.closest('[data-edge], [data-zone], svg')?.outerHTML.slice(0, 80)} ${property} ${colour} on ${ground}: ${r.toFixed(2)}:1 < ${need}:1`);
        }
      }
    }
    return { out, checked };
  });
  // Every demo draws something to check: the topology articles' face its map, the chapter's its bars.
  if (expectMarks && low.checked === 0) throw new Error('the picture drew nothing to check');
  if (low.out.length) throw new Error(`the picture's contrast:\n  ${[...new Set(low.out)].join('\n  ')}`);
}

const tests = [];
for (const name of Object.keys(SCENES)) {
  for (const theme of ['light', 'dark']) {
    for (const stage of ['initial', 'after the scene']) {
      tests.push([`${name} ${theme} ${stage}`, async () => {
        const page = await watchedPage(browser, { colorScheme: theme, viewport: PHONE });
        await page.goto(`${server.url}/index.html`);
        if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
        const demo = await mountScene(page, name);
        if (stage !== 'initial') await SCENES[name].run(demo);
        await audit(page, '#scene');
        await pictureContrast(page, stage !== 'initial');
        page.assertClean();
        await page.context().close();
      }]);
    }
  }
}
// The views of a kind the scenes leave out, so that every kind is audited with all its folds open
// and in a level (its Practice fold open): the StatefulSet demo's lab view after its scene, and one
// of its levels as it opens.
const VIEWS = [
  ['statefulset lab after the scene', { kubevolDemo: 'statefulset', view: 'lab', lang: 'ja' }, SCENES.statefulset.run],
  ['statefulset level initial', { kubevolDemo: 'statefulset', level: 'sts-unblock', lang: 'ja' }, async () => {}],
];
for (const [name, dataset, scene] of VIEWS) {
  for (const theme of ['light', 'dark']) {
    tests.push([`${name} ${theme}`, async () => {
      const page = await watchedPage(browser, { colorScheme: theme, viewport: PHONE });
      await page.goto(`${server.url}/index.html`);
      if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
      const demo = await prependDemo(page, 'scene', dataset);
      await page.waitForFunction(() => !document.querySelector('#scene [data-state="part-loading"]'));
      await scene(demo);
      await audit(page, '#scene');
      await pictureContrast(page, true);
      page.assertClean();
      await page.context().close();
    }]);
  }
}
// A screen reader hears each check of a level's goal with its state: the accessibility tree of the
// checklist names, for every check, whether it holds (its mark is hidden from it).
tests.push(['a level\'s checks name their state in the accessibility tree', async () => {
  const page = await watchedPage(browser);
  await page.goto(`${server.url}/index.html`);
  const demo = await mountScene(page, 'csi-level');
  await click(demo, '[data-action="lang"]');
  const tree = await demo.locator('.kv-goal').ariaSnapshot();
  const items = tree.split(/\n\s*- listitem/).slice(1);
  if (items.length !== 3) throw new Error(`three checks, not ${items.length}:\n${tree}`);
  for (const item of items) {
    if (!/holds:|not yet:/.test(item)) throw new Error(`a check without its state:\n${tree}`);
    if (/[○✓]/.test(item)) throw new Error(`a mark read out:\n${tree}`);
  }
  page.assertClean();
  await page.context().close();
}]);
await run('a11y', tests);
await browser.close();
await server.close();
