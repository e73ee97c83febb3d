// Raw, gzip and brotli bytes of every .wasm, .js and .css in a dist folder, and their total. Then
// what a page downloads for its demos, per wasm module: `--target-brotli <bytes>` must hold for
// every one-kind module (a book chapter's page), `--module-brotli <module>=<bytes>` for one of them
// instead, `--budget-brotli <bytes>` for kubevol-lab, which carries every kind (a page mixing
// kinds). Any failing fails the command.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
const option = (name) => (args.indexOf(name) >= 0 ? Number(args[args.indexOf(name) + 1]) : null);
const budget = option('--budget-brotli');
const target = option('--target-brotli');
// `--module-brotli kubevol-topology=98000` holds one one-kind module to its own ratchet instead of
// --target-brotli (the topology module also carries the book's topology chapter).
const perModule = Object.fromEntries(args.flatMap((a, i) => (args[i - 1] === '--module-brotli' ? [a.split('=')] : []))
  .map(([m, b]) => [m, Number(b)]));
for (const [m, b] of Object.entries(perModule)) {
  if (!(Number.isInteger(b) && b > 0)) {
    console.error(`--module-brotli ${m}=... needs a whole number of bytes`);
    process.exit(2);
  }
}
for (const [name, value] of [['--budget-brotli', budget], ['--target-brotli', target]]) {
  if (value !== null && !(Number.isInteger(value) && value > 0)) {
    console.error(`${name} needs a whole number of bytes`);
    process.exit(2);
  }
}

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
// Every module web/kubevol.js may ask for, and the two files every page loads with it.
const MODULES = ['kubevol-csi', 'kubevol-statefulset', 'kubevol-topology', 'kubevol-lab'];
const SHARED = ['kubevol.js', 'kubevol.css'];
const brotli = (file) => rows.find((r) => r.file === file)?.brotli;
// The modules' files are named after their content; kubevol-files.json (written by
// scripts/build-modules.sh) says which file is which module's.
let FILES = {};
try { FILES = JSON.parse(readFileSync(join(dist, 'kubevol-files.json'), 'utf8')); } catch { /* reported as missing below */ }
const wasmOf = (m) => FILES[m]?.wasm ?? `${m}.<hash>.wasm`;
const glueOf = (m) => FILES[m]?.js ?? `${m}.<hash>.js`;
const missing = [...SHARED, ...MODULES.flatMap((m) => [wasmOf(m), glueOf(m)])].filter((f) => brotli(f) === undefined);
if (missing.length > 0) {
  console.log(`missing from ${dist}: ${missing.join(', ')}`);
  process.exit(1);
}
const shared = SHARED.reduce((t, f) => t + brotli(f), 0);
let failed = false;
console.log(`demo bundle per page, brotli (module wasm + glue, plus kubevol.js and kubevol.css, ${shared} B):`);
for (const name of MODULES) {
  const total = brotli(wasmOf(name)) + brotli(glueOf(name)) + shared;
  const mixed = name === 'kubevol-lab';
  const page = mixed ? 'a page mixing kinds' : `a page of ${name.slice('kubevol-'.length)} demos`;
  let verdict = '';
  const limit = perModule[name] ?? target;
  if (!mixed && limit !== null) {
    verdict = `target ${limit} B ${total <= limit ? 'met' : `NOT MET, ${total - limit} B over`}`;
    failed ||= total > limit;
  }
  if (mixed && budget !== null) {
    verdict = `regression budget ${budget} B ${total <= budget ? 'within' : 'OVER'}`;
    if (target !== null && total > target) verdict += ` (${total - target} B above the one-kind target, which it is not held to)`;
    failed ||= total > budget;
  }
  console.log(`  ${name.padEnd(20)} ${String(total).padStart(7)} B  ${page}: ${verdict}`);
}
if (failed) process.exitCode = 1;
