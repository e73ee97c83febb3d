// Raw, gzip and brotli bytes of every .wasm, .js and .css in a dist folder, and their total:
// what a reader's browser downloads. Then the demo bundle alone (the kubevol* files a book page
// needs: the wasm, its JS glue, kubevol.css and the kubevol.js loader) against `--budget-brotli
// <bytes>`, which fails the command when exceeded, and `--target-brotli <bytes>`, which is reported.
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
const bundle = rows.filter((r) => r.file.startsWith('kubevol')).reduce((t, r) => t + r.brotli, 0);
console.log(`demo bundle (kubevol*.wasm/.js/.css): ${bundle} B brotli`);
if (target !== null) {
  console.log(`  target ${target} B: ${bundle <= target ? 'met' : `not met, ${bundle - target} B over`}`);
}
if (budget !== null) {
  console.log(`  regression budget ${budget} B: ${bundle <= budget ? 'within' : 'OVER'}`);
  if (bundle > budget) process.exitCode = 1;
}
