// Raw, gzip and brotli bytes of every .wasm, .js and .css in a dist folder, and their total. Then
// what a page downloads for its demos, per wasm module: `--target-brotli <bytes>` must hold for
// every one-kind module (a book chapter's page), `--budget-brotli <bytes>` for kubevol-lab, which
// carries every kind (a page mixing kinds). Either failing fails the command.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
const option = (name) => (args.indexOf(name) >= 0 ? Number(args[args.indexOf(name) + 1]) : null);
const budget = option('--budget-brotli');
const target = option('--target-brotli');

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(wasm|js|css)$/.test(name)) yield path;
  }
}

const rows = [...walk(dist)].map((path) => {
  const data = readFileSync(path);
  return {
    file: relative(dist, path),
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }).length,
  };
});
const total = rows.reduce((t, r) => ({ file: 'total', raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
  { file: 'total', raw: 0, gzip: 0, brotli: 0 });

const width = Math.max(...[...rows, total].map((r) => r.file.length));
const line = (r) => `${r.file.padEnd(width)}  ${String(r.raw).padStart(9)}  ${String(r.gzip).padStart(9)}  ${String(r.brotli).padStart(9)}`;
console.log(`size report for ${dist} (bytes)`);
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}`);
rows.forEach((r) => console.log(line(r)));
console.log(line(total));
// What a page downloads for its demos: the loader, the stylesheet, and one module (wasm + glue).
// web/kubevol.js picks the one-kind module when a page shows one kind of demo (a book chapter),
// and kubevol-lab, which carries every kind, when a page mixes them (the gallery).
const brotli = (file) => rows.find((r) => r.file === file)?.brotli ?? 0;
const shared = brotli('kubevol.js') + brotli('kubevol.css');
const modules = rows.map((r) => r.file.match(/^(kubevol-[a-z]+)_bg\.wasm$/)?.[1]).filter(Boolean);
let failed = false;
console.log(`demo bundle per page, brotli (module wasm + glue, plus kubevol.js and kubevol.css, ${shared} B):`);
for (const name of modules) {
  const total = brotli(`${name}_bg.wasm`) + brotli(`${name}.js`) + shared;
  const mixed = name === 'kubevol-lab';
  const page = mixed ? 'a page mixing kinds' : `a page of ${name.slice('kubevol-'.length)} demos`;
  const verdicts = [];
  if (target !== null) verdicts.push(`target ${target} B ${total <= target ? 'met' : `not met, ${total - target} B over`}`);
  if (budget !== null && mixed) verdicts.push(`regression budget ${budget} B ${total <= budget ? 'within' : 'OVER'}`);
  console.log(`  ${name.padEnd(20)} ${String(total).padStart(7)} B  ${page}: ${verdicts.join('; ')}`);
  // One-kind pages (every book chapter) must meet the target; the all-kind module must not grow.
  if ((!mixed && target !== null && total > target) || (mixed && budget !== null && total > budget)) failed = true;
}
if (modules.length === 0) {
  console.log('  no kubevol-*_bg.wasm found');
  failed = true;
}
if (failed) process.exitCode = 1;
