// Raw, gzip and brotli bytes of every .wasm, .js and .css in a dist folder, and their total. Then
// what each kind of page downloads, from kubevol-files.json (scripts/link-parts.mjs writes it):
//   - its first load: everything fetched before its demos answer a click (the loader, the
//     stylesheet, the main part's glue and wasm, the parts' loader, and the packs of its kinds);
//   - each kind's on-demand part: what its folds show, fetched when the reader first opens one;
//   - what a second chapter of another kind adds when the first chapter's files are cached;
//   - what each feature costs: the pictures (against the build without them) and every on-demand
//     part.
// Each first load has a budget, a fixed number of bytes with room for the features still to come
// (not today's size plus a margin): `--budget-brotli` for every one-kind page (a book chapter),
// `--mixed-budget-brotli` for a page mixing every kind, `--second-budget-brotli` for every second
// chapter, each a number of bytes or one per page (`--budget-brotli csi=132000,topology=156000`).
// The report prints each page's size, its budget and the room left, and fails past a budget. The
// goals (80 KB a chapter, 140 KB a mixed page, 40 KB a second chapter) are printed beside, as goals.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const dist = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
// A limit is a number of bytes, or one per kind of page: `csi=120000,statefulset=118000,...`.
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return null;
  const bytes = (text) => {
    const value = Number(text);
    if (!(Number.isInteger(value) && value > 0)) {
      console.error(`${name} needs a whole number of bytes, or kind=bytes pairs`);
      process.exit(2);
    }
    return value;
  };
  const given = args[at + 1] ?? '';
  if (!given.includes('=')) return () => bytes(given);
  const per = Object.fromEntries(given.split(',').map((pair) => pair.split('=')).map(([k, v]) => [k, bytes(v)]));
  return (kind) => per[kind] ?? null;
};
const limits = {
  first: option('--budget-brotli'), mixed: option('--mixed-budget-brotli'), second: option('--second-budget-brotli'),
  picture: option('--picture-brotli'), practice: option('--practice-brotli'),
};
// `--picture <folder>`: the same build without the pictures of the cluster (scripts/picture-cost.sh).
// `--book <folder> --book-unrendered <folder>`: the built VitePress book, and the same book built
// without the Markdown hook that renders the demos into its pages (scripts/build-book.sh
// --unrendered): what each page's HTML and its client chunk gain by holding its demos' first screens.
const withoutPicture = args.includes('--picture') ? args[args.indexOf('--picture') + 1] : null;
// `--writer <folder>`: the same build writing each drawing whole as innerHTML (scripts/weighed-build.sh whole-markup).
const wholeMarkup = args.includes('--writer') ? args[args.indexOf('--writer') + 1] : null;
// `--prompt <folder>`: the same build without the kubectl prompt (scripts/weighed-build.sh no-prompt).
const withoutPrompt = args.includes('--prompt') ? args[args.indexOf('--prompt') + 1] : null;
// `--practice <folder>`: the same build without the Practice fold (scripts/weighed-build.sh
// no-practice); `--practice-brotli <bytes>`: what its toggle may cost a chapter's first load.
const withoutPractice = args.includes('--practice') ? args[args.indexOf('--practice') + 1] : null;
// `--practice-empty <folder>`: the same build with the Practice fold's toggle and nothing in its
// panel (scripts/weighed-build.sh empty-practice): the toggle alone, against `--practice`'s build.
const emptyPractice = args.includes('--practice-empty') ? args[args.indexOf('--practice-empty') + 1] : null;
const book = args.includes('--book') ? args[args.indexOf('--book') + 1] : null;
const unrendered = args.includes('--book-unrendered') ? args[args.indexOf('--book-unrendered') + 1] : null;
// The goals the chapter-first issue set, printed beside the budgets and never failed on: a
// chapter's first load, a page mixing every kind, a second chapter with a warm cache.
const GOALS = { first: 'goal 80 KB', mixed: 'goal 140 KB', second: 'goal 40 KB', picture: '', practice: '' };

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(wasm|js|css)$/.test(name)) yield path;
  }
}

const brotliOf = (data) => brotliCompressSync(data, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
}).length;
const weighFolder = (folder) => [...walk(folder)].map((path) => {
  const data = readFileSync(path);
  return {
    file: relative(folder, path),
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliOf(data),
  };
});
const rows = weighFolder(dist);
// The width of the names' column in every table below: the longest name is 29 characters
// ("statefulset's Practice toggle"), so the figures line up.
const NAMES = 30;
const total = rows.reduce((t, r) => ({ file: 'total', raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
  { file: 'total', raw: 0, gzip: 0, brotli: 0 });
const width = Math.max(...[...rows, total].map((r) => r.file.length));
const line = (r) => `${r.file.padEnd(width)}  ${String(r.raw).padStart(9)}  ${String(r.gzip).padStart(9)}  ${String(r.brotli).padStart(9)}`;
console.log(`size report for ${dist} (bytes)`);
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}`);
rows.forEach((r) => console.log(line(r)));
console.log(line(total));

let FILES;
try {
  FILES = JSON.parse(readFileSync(join(dist, 'kubevol-files.json'), 'utf8'));
} catch (error) {
  console.log(`missing from ${dist}: kubevol-files.json (${error.message})`);
  process.exit(1);
}
const brotli = (file) => rows.find((r) => r.file === file)?.brotli;
// The kinds of demo a page may show, as the build names them (crates/ui's `DemoKind`, one script API each).
const KINDS = Object.keys(FILES.api);
const packs = (part) => (FILES.parts[part] ?? []).map((p) => FILES.packs[p]);
const EVERY_PAGE = ['kubevol.js', 'kubevol.css', FILES.main.js, FILES.main.wasm, FILES.link];
const firstLoad = (kinds) => [...new Set([...EVERY_PAGE, ...kinds.flatMap(packs)])];
const missing = [...new Set([...EVERY_PAGE, ...Object.values(FILES.packs)])].filter((f) => brotli(f) === undefined);
const unknown = KINDS.filter((k) => !FILES.parts[k] || !FILES.parts[`${k}_lab`]);
if (missing.length || unknown.length) {
  console.log(`missing from ${dist}: ${[...missing, ...unknown.map((k) => `the parts of ${k}`)].join(', ')}`);
  process.exit(1);
}
const weigh = (files) => files.reduce((t, f) => t + brotli(f), 0);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
let failed = false;
const verdict = (bytes, kind, page) => {
  const budget = limits[kind]?.(page) ?? null;
  const over = budget !== null && bytes > budget;
  failed ||= over;
  const held = budget === null ? 'no budget'
    : `budget ${String(budget).padStart(7)} B, ${over ? `OVER by ${bytes - budget} B` : `room ${String(budget - bytes).padStart(6)} B`}`;
  return GOALS[kind] ? `${held}; ${GOALS[kind]}` : held;
};
// What each feature costs, brotli, gathered as the sections below weigh them.
const features = [];

console.log(`\nfirst load per page, brotli: the loader, the stylesheet, the main part (${kb(weigh(EVERY_PAGE))} together), and each kind's packs:`);
const pages = [...KINDS.map((k) => [k]), KINDS];
const report = { first_load: {}, on_demand: {}, second_chapter: {} };
for (const kinds of pages) {
  const files = firstLoad(kinds);
  const bytes = weigh(files);
  const name = kinds.length === 1 ? `a ${kinds[0]} chapter` : 'a page mixing every kind';
  report.first_load[kinds.join('+')] = bytes;
  console.log(`  ${name.padEnd(NAMES)} ${String(bytes).padStart(7)} B  ${String(files.length).padStart(2)} files  ${verdict(bytes, kinds.length === 1 ? 'first' : 'mixed', kinds.join('+'))}`);
}
// A page that opens a demo in a level (`data-level`, `mountDemo`'s `level`): the loader fetches
// the kind's lab part, which reads the level and draws its panel, before the demo is mounted.
console.log('\na page that opens its demo in a level, brotli: the chapter\'s first load and the kind\'s lab part (its levels, their reader and the Practice panel), fetched before the demo is mounted:');
report.level_page = {};
for (const kind of KINDS) {
  const files = [...new Set([...firstLoad([kind]), ...packs(`${kind}_lab`)])];
  const bytes = weigh(files);
  report.level_page[kind] = bytes;
  console.log(`  ${`a ${kind} level`.padEnd(NAMES)} ${String(bytes).padStart(7)} B  ${String(files.length).padStart(2)} files  (${bytes - weigh(firstLoad([kind]))} B beyond the chapter's first load)`);
}
// The built-in levels' own data, apart from the code that plays them: their forms
// (crates/ui/src/practice/levels.forms, in the lab parts as text; crates/ui/src/practice/form.rs),
// which the levels' JSON files (crates/levels/levels/) are written into.
{
  const forms = readFileSync(fileURLToPath(new URL('../crates/ui/src/practice/levels.forms', import.meta.url)), 'utf8');
  const count = forms.trim().split('\u001e').length;
  const folder = fileURLToPath(new URL('../crates/levels/levels/', import.meta.url));
  const json = readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => readFileSync(join(folder, f)));
  report.levels_data = brotliOf(Buffer.from(forms));
  features.push(['the built-in levels\' data', report.levels_data, `${count} levels' forms, in the lab parts`]);
  console.log(`  the ${count} built-in levels' forms  ${String(report.levels_data).padStart(7)} B  (${Buffer.byteLength(forms)} B; their JSON files: ${Buffer.concat(json).length} B, ${brotliOf(Buffer.concat(json))} B brotli)`);
}
// A feature's cost on each chapter's first load, its stylesheet aside: this build's against the
// same build made without it (in `folder`), plus `css` bytes of the stylesheet.
function costs(folder, css, label, measure, mine = null) {
  const other = weighFolder(folder);
  const files = JSON.parse(readFileSync(join(folder, 'kubevol-files.json'), 'utf8'));
  // What is weighed against `folder`: this build, or another weighed build (`mine`).
  const [myFiles, myRows] = mine ? [JSON.parse(readFileSync(join(mine, 'kubevol-files.json'), 'utf8')), weighFolder(mine)] : [FILES, rows];
  const load = (f, kind) => [...new Set([f.main.js, f.main.wasm, f.link, 'kubevol.js',
    ...(f.parts[kind] ?? []).map((p) => f.packs[p])])];
  const sum = (list, weighed) => list.reduce((t, file) => t + (weighed.find((r) => r.file === file)?.brotli ?? NaN), 0);
  const per = {};
  for (const kind of KINDS) {
    const bytes = sum(load(myFiles, kind), myRows) - sum(load(files, kind), other) + css;
    if (Number.isNaN(bytes)) {
      console.log(`  ${kind}: a file of its first load is missing from ${folder}`);
      process.exit(1);
    }
    per[kind] = bytes;
    features.push([`${kind}'s ${label}`, bytes, `on the ${kind} chapter's first load`]);
    console.log(`  ${`${kind}'s ${label}`.padEnd(NAMES)} ${String(bytes).padStart(7)} B  ${measure ? verdict(bytes, measure, kind) : ''}`);
  }
  return per;
}
// The pictures' cost: each chapter's first load against the build without them, plus what the
// stylesheet's picture blocks weigh (picture-cost.sh minifies it both ways).
if (withoutPicture) {
  const css = JSON.parse(readFileSync(join(withoutPicture, 'picture-css.json'), 'utf8')).brotli;
  console.log(`\nthe pictures of the cluster, brotli: each chapter's first load against the same build without them (${withoutPicture}), the stylesheet's picture blocks (${css} B) included:`);
  report.picture = costs(withoutPicture, css, 'picture', 'picture');
}
// The writer's cost: each chapter's first load against the build that writes each drawing whole
// as innerHTML, which the browser parses at every change.
if (wholeMarkup) {
  console.log(`\nthe drawings' writer (read in Rust, changed in place, never parsed by the browser), brotli: each chapter's first load against the same build writing each drawing whole as innerHTML (${wholeMarkup}):`);
  report.writer = costs(wholeMarkup, 0, 'writer', null);
}
// What a feature that lives in each kind's folds part adds to it (fetched at the first opening of a
// fold), against the same build without it (in `folder`).
function onDemandCost(folder, label, key) {
  const other = weighFolder(folder);
  const theirs = JSON.parse(readFileSync(join(folder, 'kubevol-files.json'), 'utf8'));
  console.log('  and what it adds to each kind\'s folds part, fetched at the first opening of a fold:');
  report[key] = {};
  for (const kind of KINDS) {
    const lab = (f, weighed, first) => [...new Set((f.parts[`${kind}_lab`] ?? []).map((p) => f.packs[p]))]
      .filter((file) => !first.includes(file))
      .reduce((t, file) => t + (weighed.find((r) => r.file === file)?.brotli ?? 0), 0);
    const theirFirst = [theirs.main.js, theirs.main.wasm, theirs.link, ...(theirs.parts[kind] ?? []).map((p) => theirs.packs[p])];
    const bytes = lab(FILES, rows, firstLoad([kind])) - lab(theirs, other, theirFirst);
    report[key][kind] = bytes;
    features.push([`${kind}'s ${label}, on demand`, bytes, 'in its folds part, at the first opening of a fold']);
    console.log(`  ${`${kind}'s folds part`.padEnd(NAMES)} ${String(bytes).padStart(7)} B`);
  }
}
// The kubectl prompt's cost: it lives in each kind's folds part, so a first load pays only its
// fold's toggle; the folds part pays the rest, on the first opening of a fold.
if (withoutPrompt) {
  console.log(`\nthe kubectl prompt ("Type kubectl", in each kind's folds part), brotli: each chapter's first load against the same build without it (${withoutPrompt}):`);
  report.prompt = costs(withoutPrompt, 0, 'kubectl prompt', null);
  onDemandCost(withoutPrompt, 'kubectl prompt', 'prompt_on_demand');
}
// The Practice fold's cost: a first load pays its toggle (and what the panel's code shares with the
// kind's own part); the levels, their reader and the panel are in each kind's folds part.
if (withoutPractice) {
  console.log(`\nthe Practice fold ("練習 / Practice", levels in each kind's folds part), brotli: each chapter's first load against the same build without it (${withoutPractice}), the toggle's limit:`);
  report.practice = costs(withoutPractice, 0, 'Practice toggle', 'practice');
  // The same measure of a fold with nothing in it: what the toggle alone costs (its label, its
  // entry in the row, its view's name in the lab part), and with it how far two builds that differ
  // by that little differ in brotli; the rest of the figure above is the panel's code that the
  // chapter's own part shares.
  if (emptyPractice) {
    console.log(`  and the toggle alone: the same fold with nothing in its panel (${emptyPractice}) against none:`);
    report.practice_empty = costs(withoutPractice, 0, 'empty Practice', null, emptyPractice);
  }
  onDemandCost(withoutPractice, 'Practice fold', 'practice_on_demand');
}
console.log('\non demand, brotli: what a kind\'s folds show, fetched on the first opening of one (beyond its first load):');
for (const kind of KINDS) {
  const files = packs(`${kind}_lab`).filter((f) => !firstLoad([kind]).includes(f));
  const bytes = weigh(files);
  report.on_demand[kind] = bytes;
  features.push([`${kind}'s folds`, bytes, 'on demand, at the first opening of a fold']);
  console.log(`  ${`${kind}'s folds`.padEnd(NAMES)} ${String(bytes).padStart(7)} B  ${String(files.length).padStart(2)} files  (${files.map((f) => `${f.split('.')[0].slice('kubevol-'.length)} ${brotli(f)}`).join(', ')})`);
}
// The page's script API (crates/api), one module per kind: fetched only by a page whose script
// passes a scenario, listens for changes or calls getState, beside the demo's own parts; in no
// first load.
for (const kind of KINDS) {
  const api = [FILES.api[kind]?.js, FILES.api[kind]?.wasm];
  if (api.some((f) => brotli(f) === undefined) || api.some((f) => firstLoad(KINDS).includes(f))) {
    console.log(`the ${kind} script API's module is missing from ${dist}, or in a first load`);
    process.exit(1);
  }
  report.on_demand[`${kind}_script_api`] = weigh(api);
  features.push([`${kind}'s script API`, weigh(api), 'on demand, for a page\'s script']);
  console.log(`  ${`${kind}'s script API`.padEnd(NAMES)} ${String(weigh(api)).padStart(7)} B  ${String(api.length).padStart(2)} files  (its model, and reading and writing it as JavaScript values)`);
}
console.log('\nwhat each feature costs, brotli:');
const featureWidth = Math.max(...features.map(([name]) => name.length));
for (const [name, bytes, where] of features) {
  console.log(`  ${name.padEnd(featureWidth)} ${String(bytes).padStart(7)} B  ${where}`);
}
console.log('\na second chapter of another kind, brotli: what it adds when the first chapter\'s files are cached:');
for (const first of KINDS) {
  for (const second of KINDS.filter((k) => k !== first)) {
    const cached = new Set(firstLoad([first]));
    const files = firstLoad([second]).filter((f) => !cached.has(f));
    const bytes = weigh(files);
    report.second_chapter[`${first}->${second}`] = bytes;
    console.log(`  ${`${first} then ${second}`.padEnd(NAMES)} ${String(bytes).padStart(7)} B  ${String(files.length).padStart(2)} files  ${verdict(bytes, 'second', `${first}->${second}`)}`);
  }
}
// The demos rendered into the book's pages at build time: what a page's HTML gains (fetched by a
// reader who opens it), and what its client chunk gains (the page's component, fetched when the
// reader reaches it through the sidebar; the lean chunk that hydrates a loaded page is apart).
if (book && unrendered) {
  const pagesOf = (site) => readdirSync(join(site, 'parts')).filter((f) => f.endsWith('.html')).sort();
  // A page's chunks are named after its Markdown file and their content: parts_csi.md.<hash>.js.
  const chunk = (site, page, lean) => {
    const name = readdirSync(join(site, 'assets')).find((f) => f.startsWith(`parts_${page.replace(/\.html$/, '')}.md.`)
      && f.endsWith('.js') && f.endsWith('.lean.js') === lean);
    return name ? readFileSync(join(site, 'assets', name)) : null;
  };
  report.book = {};
  console.log('\nthe demos rendered into the VitePress book\'s pages, brotli: what each page gains over the same book without the Markdown hook:');
  console.log(`  ${'page'.padEnd(NAMES)} ${'HTML'.padStart(9)} ${'its chunk'.padStart(10)} ${'lean chunk'.padStart(11)}`);
  for (const page of pagesOf(book)) {
    const html = brotliOf(readFileSync(join(book, 'parts', page))) - brotliOf(readFileSync(join(unrendered, 'parts', page)));
    const [full, lean] = [false, true].map((l) => {
      const [a, b] = [chunk(book, page, l), chunk(unrendered, page, l)];
      return a && b ? brotliOf(a) - brotliOf(b) : null;
    });
    if (full === null || lean === null) {
      console.log(`  parts/${page}: its client chunks are missing from ${book} or ${unrendered}`);
      failed = true;
      continue;
    }
    report.book[page] = { html, chunk: full, lean_chunk: lean };
    const b = (n) => `${n >= 0 ? '+' : ''}${n} B`;
    console.log(`  ${`parts/${page}`.padEnd(NAMES)} ${b(html).padStart(9)} ${b(full).padStart(10)} ${b(lean).padStart(11)}`);
  }
}
// `--package <folder>`: the npm package (scripts/npm-package.mjs), as `npm pack` would publish it:
// its tarball's size, what it unpacks to, and its files, with the part of each that the demos'
// files a reader's page may fetch (assets/) and the build-time renderer (lib/kubevol-render*) take.
const packageDir = args.includes('--package') ? args[args.indexOf('--package') + 1] : null;
if (packageDir) {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', resolve(packageDir)], { encoding: 'utf8' }));
  const part = (test) => packed.files.filter((f) => test(f.path)).reduce((sum, f) => sum + f.size, 0);
  report.package = {
    packed: packed.size, unpacked: packed.unpackedSize, files: packed.entryCount,
    assets: part((p) => p.startsWith('assets/')), renderer: part((p) => p.startsWith('lib/kubevol-render')),
  };
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`
the npm package ${packed.id}: ${kb(packed.size)} packed, ${kb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`
    + ` (the demos' files ${kb(report.package.assets)}, the build-time renderer ${kb(report.package.renderer)}, unpacked)`);
}
console.log(JSON.stringify({ sizes: report }));
if (failed) process.exitCode = 1;
