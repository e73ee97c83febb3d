// Measures how tall each demo is when it first appears, at every width its placeholder may get,
// and writes the heights web/kubevol.css reserves (between its "kubevol:reserve" markers).
//
// Why measured: a demo's height depends on the width it gets (its node cards, lanes and zones wrap),
// and that width is the host's text column, not the viewport: 342 px on a phone, 624 px beside
// VitePress's sidebar at 1024 px, 688 px at 800 px without it. The reservation follows the
// placeholder's own width through container queries, one rule per width range, each range's height
// the tallest first render within it, and ranges cut so that no demo is ever more than TOLERANCE px
// shorter than its reservation.
//
// The demos are measured in the real host: the VitePress book of tests/vitepress, inside its
// `.vp-doc` column with its fonts, and also in the example book page of dist/ (other fonts); the
// reservation is the taller of the two.
//   ./scripts/build-book.sh && node scripts/reserve.mjs          # measure, rewrite web/kubevol.css
//   node scripts/reserve.mjs --dry-run                            # measure, print, change nothing
// After a change to kubevol.css, rebuild (trunk build --release, build-book.sh) before measuring
// again; tests/e2e/vitepress.test.mjs checks the result at the widths a reader meets.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/static-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CSS = `${root}web/kubevol.css`;
const BOOK = `${root}tests/vitepress/docs/.vitepress/dist`;
const DIST = `${root}dist`;
const WIDTHS = { from: 280, to: 1100 }; // narrower: a 320 px phone's column; wider: any page
const TOLERANCE = Number(process.env.TOLERANCE ?? 20); // px a demo may fall short of its reservation (the acceptance allows < 24)
// Each kind at its default scenario, and the presets a book page starts a demo from (data-preset),
// whose first render has its own height: the topology chapter's `spread`.
const KINDS = Object.keys(JSON.parse(readFileSync(`${DIST}/kubevol-files.json`, 'utf8')).api);
const VARIANTS = [...KINDS.map((kind) => [kind]), ['topology', 'spread']];
const variantKey = ([kind, preset]) => (preset ? `${kind}:${preset}` : kind);
const LANGS = ['ja', 'en'];
const dryRun = process.argv.includes('--dry-run');

// Natural height of every demo at every width, in one host page: each demo mounted into a
// placeholder inside the host's text column, its frame not stretched, its wrapper resized.
async function measure(browser, url, column) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.addStyleTag({ content: '.kv-measure > [data-kubevol-demo] > .kv { align-self: start; content-visibility: visible; }' });
  return page.evaluate(async ({ column, VARIANTS, LANGS, WIDTHS }) => {
    const { mountDemo } = await import(new URL('kubevol.js', document.querySelector('script[src$="kubevol.js"]').src).href);
    await document.fonts.ready;
    const into = document.querySelector(column);
    const demos = [];
    for (const [kind, preset] of VARIANTS) {
      for (const lang of LANGS) {
        const wrapper = document.createElement('div');
        wrapper.className = 'kv-measure';
        const host = document.createElement('div');
        host.dataset.kubevolDemo = kind;
        if (preset) host.dataset.preset = preset;
        host.dataset.lang = lang;
        wrapper.append(host);
        into.append(wrapper);
        await mountDemo(host, kind, lang);
        demos.push({ kind: preset ? `${kind}:${preset}` : kind, lang, wrapper, host });
      }
    }
    await new Promise((r) => setTimeout(r, 200)); // let Leptos apply its first effects
    const heights = {};
    for (const { kind, lang, wrapper, host } of demos) {
      const kv = host.querySelector('.kv');
      const row = [];
      for (let w = WIDTHS.from; w <= WIDTHS.to; w++) {
        wrapper.style.width = `${w}px`;
        row.push(kv.getBoundingClientRect().height);
      }
      heights[`${kind}/${lang}`] = row;
    }
    return heights;
  }, { column, VARIANTS, LANGS, WIDTHS });
}

// Cuts the widths into ranges: each range reserves its tallest height, and a range ends before a
// width where the demo would fall more than TOLERANCE short of it.
function ranges(heights) {
  const out = [];
  let start = 0;
  let top = Math.ceil(heights[0]);
  let low = heights[0];
  for (let i = 1; i < heights.length; i++) {
    const h = heights[i];
    const newTop = Math.max(top, Math.ceil(h));
    const newLow = Math.min(low, h);
    if (newTop - newLow > TOLERANCE) {
      out.push({ from: WIDTHS.from + start, height: top });
      start = i;
      top = Math.ceil(h);
      low = h;
    } else {
      top = newTop;
      low = newLow;
    }
  }
  out.push({ from: WIDTHS.from + start, height: top });
  return out;
}

// A preset's rule carries one more attribute, so it wins over its kind's default at every width.
const selector = (variant, lang) => {
  const [kind, preset] = variant.split(':');
  return `[data-kubevol-demo=${kind}]${preset ? `[data-preset=${preset}]` : ''}${lang === 'en' ? '[data-lang=en]' : ''}::before`;
};

function css(table) {
  // Rules for one width share one @container block; blocks go narrow to wide, so the last block
  // that matches a placeholder is the one for its width.
  const byWidth = new Map();
  for (const [key, list] of Object.entries(table)) {
    const [kind, lang] = key.split('/');
    list.forEach(({ from, height }, i) => {
      const at = i === 0 ? 0 : from;
      if (!byWidth.has(at)) byWidth.set(at, []);
      byWidth.get(at).push(`${selector(kind, lang)}{height:${height}px}`);
    });
  }
  return [...byWidth.keys()].sort((a, b) => a - b).map((at) => {
    const rules = byWidth.get(at).join('');
    return at === 0 ? rules : `@container (min-width:${at}px){${rules}}`;
  }).join('\n');
}

const book = await startServer(BOOK);
const dist = await startServer(DIST);
const browser = await launch();
const hosts = {
  vitepress: await measure(browser, `${book.url}/parts/en.html`, '.vp-doc > div'),
  'example page': await measure(browser, `${dist.url}/book-en.html`, 'main.book'),
};
await browser.close();
await Promise.all([book.close(), dist.close()]);

const table = {};
for (const kind of VARIANTS.map(variantKey)) {
  for (const lang of LANGS) {
    const key = `${kind}/${lang}`;
    const tallest = hosts.vitepress[key].map((h, i) => Math.max(...Object.values(hosts).map((m) => m[key][i])));
    table[key] = ranges(tallest);
    const spread = Math.max(...hosts.vitepress[key].map((h, i) => Math.abs(h - hosts['example page'][key][i])));
    console.log(`${key}: ${table[key].length} ranges, ${Math.round(Math.min(...tallest))}..${Math.round(Math.max(...tallest))} px` +
      ` (hosts differ by up to ${spread.toFixed(1)} px)`);
  }
}
const block = css(table);
if (dryRun) {
  console.log(block);
} else {
  const source = readFileSync(CSS, 'utf8');
  const begin = '/* kubevol:reserve (generated by scripts/reserve.mjs; do not edit by hand) */\n';
  const end = '/* kubevol:reserve end */';
  const a = source.indexOf(begin);
  const b = source.indexOf(end);
  if (a < 0 || b < a) throw new Error(`reserve: ${CSS} has no kubevol:reserve markers`);
  writeFileSync(CSS, `${source.slice(0, a + begin.length)}${block}\n${source.slice(b)}`);
  console.log(`reserve: wrote ${block.length} bytes of rules into web/kubevol.css`);
}
