// Called by scripts/build-modules.sh once the module files carry their content hash: writes the
// hashed names into the staged loader (kubevol.js, at its stable URL) and into kubevol-files.json,
// for tools and hosts that want to know them (preload hints, tests). In release builds the loader
// is minified too (esbuild, pinned by package-lock.json): every page that shows a demo fetches it,
// and its comments are for people reading web/kubevol.js.
//   node scripts/name-files.mjs <staging folder> [release]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';

const out = process.argv[2];
const MARKER = '/* kubevol:files */ {}';
const files = {};
for (const file of readdirSync(out).sort()) {
  const m = /^(kubevol-[a-z]+)\.([0-9a-f]{12})\.(js|wasm)$/.exec(file);
  if (m) files[m[1]] = { ...files[m[1]], [m[3]]: file };
}
const names = Object.keys(files);
if (names.length !== 4 || names.some((n) => !files[n].js || !files[n].wasm)) {
  throw new Error(`name-files: expected the glue and wasm of 4 modules in ${out}, found ${JSON.stringify(files)}`);
}
const loader = join(out, 'kubevol.js');
const source = readFileSync(loader, 'utf8');
if (!source.includes(MARKER)) throw new Error(`name-files: ${loader} has no "${MARKER}" to fill in`);
const named = source.replace(MARKER, JSON.stringify(files));
const release = process.argv[3] === 'release';
writeFileSync(loader, release ? transformSync(named, { minify: true, format: 'esm', target: 'es2022' }).code : named);
writeFileSync(join(out, 'kubevol-files.json'), `${JSON.stringify(files, null, 2)}\n`);
console.log(`name-files: ${names.map((n) => `${files[n].js}, ${files[n].wasm}`).join('; ')}`);
