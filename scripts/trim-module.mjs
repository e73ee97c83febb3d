// Release builds only, called by scripts/build-modules.sh on each module's glue and wasm (after
// wasm-bindgen and wasm-opt, before the files are named after their content).
//   node scripts/trim-module.mjs <glue.js> <module_bg.wasm> [exports the module's users call, comma-separated]
//
// Why: Leptos turns on server_fn's "browser" feature for every wasm build, and server_fn brings
// wasm-streams, whose three `#[wasm_bindgen]` classes (IntoUnderlyingSource, IntoUnderlyingByteSource,
// IntoUnderlyingSink) are exported from every module. Exports are roots, so neither rustc nor
// wasm-opt may drop them, nor the futures and stream code behind them; the glue carries a class and
// a FinalizationRegistry for each. No demo streams anything. This drops those exports from the wasm
// (binaryen's wasm-metadce, pinned with wasm-opt), then every import the wasm no longer uses from
// the glue, and minifies the glue (esbuild, pinned), which also drops the helpers only they used.
// It then checks the result: the glue must still parse, every import the wasm asks for must still be
// provided, and the loader's API must still be exported.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';

const [gluePath, wasmPath, usedBy] = process.argv.slice(2);
if (!gluePath || !wasmPath) throw new Error('usage: node scripts/trim-module.mjs <glue.js> <module_bg.wasm>');

// What web/kubevol.js calls on a module: nothing else of the glue is used.
// The loader of the parts (kubevol-link.<hash>.js) calls `initSync` for the main part's exports.
// The script API's module (crates/api) is called by the loader too, through its own exports.
const LOADER_API = usedBy ? ['default', ...usedBy.split(',')] : ['default', 'initSync', 'mount', 'unmount', 'mountedCount', 'panicForTest', 'ask'];
// The only exported classes a module may carry, all wasm-streams'. Any other class is unexpected:
// fail rather than silently drop something a page may need.
const STREAM_CLASSES = ['IntoUnderlyingByteSource', 'IntoUnderlyingSink', 'IntoUnderlyingSource'];
const bin = (name) => (existsSync(`node_modules/.bin/${name}`) ? `node_modules/.bin/${name}` : name);

// 1. The wasm: every export stays a root except the stream classes' methods and destructors.
const streamExport = (name) => STREAM_CLASSES.some((c) => name.startsWith(`${c.toLowerCase()}_`) || name === `__wbg_${c.toLowerCase()}_free`);
const before = new WebAssembly.Module(readFileSync(wasmPath));
const graph = WebAssembly.Module.exports(before).map(({ name }) => ({
  name: `export:${name}`,
  export: name,
  ...(streamExport(name) ? {} : { root: true }),
}));
const work = mkdtempSync(join(tmpdir(), 'kubevol-trim-'));
try {
  writeFileSync(join(work, 'graph.json'), JSON.stringify(graph));
  execFileSync(bin('wasm-metadce'), [wasmPath, '--graph-file', join(work, 'graph.json'), '-o', join(work, 'dce.wasm')], { stdio: ['ignore', 'ignore', 'inherit'] });
  // metadce only unhooks the roots; -Oz then folds what became dead or simpler. Flattening and
  // re-looping the control flow first, then -Oz until nothing changes (--converge), measured
  // 0.5 KB brotli smaller per module than -Oz --converge alone, for about 8 s per module on 2 cores.
  // KUBEVOL_WASM_NAMES=1 keeps the functions' names, for a profile (scripts/profile-click.mjs).
  const names = process.env.KUBEVOL_WASM_NAMES ? ['-g'] : [];
  execFileSync(bin('wasm-opt'), ['--flatten', '--rereloop', '-Oz', '--converge', ...names, join(work, 'dce.wasm'), '-o', wasmPath], { stdio: 'inherit' });
} finally {
  rmSync(work, { recursive: true, force: true });
}
// 1b. The function table's slots for the other parts' functions: the splitter fills each run of
// them with nulls, in an element segment of this module, though a table's slots are null already;
// each part fills its own slots when it is instantiated. Dropped, they are about 7 KB of the main
// part (0.2 KB brotli) that every page loads.
// The bytes stay in hand until the imports are renamed (step 2), then are written once.
const nulls = dropNullElements(readFileSync(wasmPath));
const after = new WebAssembly.Module(nulls.wasm);
// What the glue provides (wasm-bindgen's `<name>_bg.js` module); the parts' loaders are imported
// from the loader of the parts, not from the glue.
const fromGlue = (i) => i.module.endsWith('_bg.js');
const imported = new Set(WebAssembly.Module.imports(after).filter(fromGlue).map((i) => i.name));
const exported = new Set(WebAssembly.Module.exports(after).map((e) => e.name));

// 2. The glue, as wasm-bindgen writes it (its version is pinned by Cargo.lock): top-level blocks
// that start at column 0 and end at the next line that is exactly "}".
let lines = readFileSync(gluePath, 'utf8').split('\n');
const classes = [...lines.join('\n').matchAll(/^export class (\w+) \{$/gm)].map((m) => m[1]);
const unexpected = classes.filter((c) => !STREAM_CLASSES.includes(c));
if (unexpected.length > 0) throw new Error(`trim-module: ${gluePath} exports classes it should not: ${unexpected.join(', ')}`);
const dropLines = new Set();
for (const cls of classes) {
  const start = lines.indexOf(`export class ${cls} {`);
  const end = lines.indexOf('}', start);
  for (let i = start; i <= end; i++) dropLines.add(i);
  const dispose = lines.indexOf(`if (Symbol.dispose) ${cls}.prototype[Symbol.dispose] = ${cls}.prototype.free;`);
  if (dispose >= 0) dropLines.add(dispose);
  // `const XFinalization = (typeof FinalizationRegistry === 'undefined') ... ;` spans three lines.
  const registry = lines.findIndex((l) => l.startsWith(`const ${cls}Finalization = `));
  if (registry >= 0) {
    let i = registry;
    while (!lines[i].endsWith(';')) dropLines.add(i++);
    dropLines.add(i);
  }
}
// The import object: one `        name: function...` entry per import, up to the next entry.
const importStart = lines.indexOf('    const import0 = {');
const importEnd = lines.indexOf('    };', importStart);
if (importStart < 0 || importEnd < 0) throw new Error(`trim-module: no import object found in ${gluePath}`);
let current = null;
for (let i = importStart + 1; i < importEnd; i++) {
  const entry = /^ {8}(\w+): /.exec(lines[i]);
  if (entry) current = entry[1] === '__proto__' ? null : entry[1];
  if (current !== null && !imported.has(current)) dropLines.add(i);
}
lines = lines.filter((_, i) => !dropLines.has(i));

// 2b. Short import names. wasm-bindgen names each import after its function and a hash
// (`__wbg_get_with_ref_key_fc8a6b29a4ba3c21`); the name is written twice, in the wasm's import
// section and as a key of the glue's import object, and its hash does not compress: about 16
// bytes brotli per import. Each becomes a short name in both (`a`, `b`, ..., `aa`, ...).
const short = (n) => {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  do {
    name = letters[n % letters.length] + name;
    n = Math.floor(n / letters.length) - 1;
  } while (n >= 0);
  return name;
};
const renamed = new Map([...imported].sort().map((name, i) => [name, short(i)]));
for (let i = 0; i < lines.length; i++) {
  const entry = /^( {8})(\w+)(: )/.exec(lines[i]);
  if (entry && renamed.has(entry[2])) lines[i] = entry[1] + renamed.get(entry[2]) + lines[i].slice(entry[0].length - entry[3].length);
}
const trimmed = renameImports(nulls.wasm, (module, name) => (module.endsWith('_bg.js') ? renamed.get(name) ?? name : name));
writeFileSync(wasmPath, trimmed);
const glue = lines.join('\n');

// 3. Minify; tree shaking drops the helpers only the removed code used.
const { code } = transformSync(glue, { minify: true, treeShaking: true, format: 'esm', target: 'es2022' });
writeFileSync(gluePath, code);

// 4. Check: every wasm import is still provided, every export the glue calls still exists, and the
// loader's API is exported.
const provided = new Set([...glue.matchAll(/^ {8}(\w+): /gm)].map((m) => m[1]));
const final = new WebAssembly.Module(trimmed);
const missingImports = WebAssembly.Module.imports(final).filter(fromGlue).map((i) => i.name).filter((n) => !provided.has(n));
const stale = WebAssembly.Module.exports(before).map((e) => e.name)
  .filter((n) => !exported.has(n) && new RegExp(`\\.${n}\\b`).test(code));
const api = LOADER_API.filter((n) => !new RegExp(`\\b${n === 'default' ? 'as default' : n}\\b`).test(code));
if (missingImports.length || stale.length || api.length) {
  throw new Error(`trim-module: ${gluePath} broken: imports not provided ${missingImports}, stale calls ${stale}, API missing ${api}`);
}
console.log(`trim-module: ${gluePath}: dropped ${classes.length} stream classes, ${WebAssembly.Module.exports(before).length - exported.size} exports, ${WebAssembly.Module.imports(before).filter(fromGlue).length - imported.size} imports, ${nulls.dropped} element segments of nulls`);

// The wasm without its active element segments whose every item is `ref.null`, which only write
// nulls over a table's nulls. Only where the module has no passive or declared segment: dropping a
// segment renumbers those after it, and only a passive one may be named by code (`table.init`).
function dropNullElements(wasm) {
  let dropped = 0;
  const out = rewriteSection(wasm, 9, (read) => {
    // A constant expression (an offset or an item); true when it is `ref.null`.
    const constant = () => {
      const op = read.byte();
      if (op === 0x41 || op === 0x42 || op === 0x23 || op === 0xd2) read.u32();
      else if (op === 0xd0) read.byte();
      else throw new Error(`trim-module: an element segment's expression starts with ${op}, which this does not know`);
      if (read.byte() !== 0x0b) throw new Error('trim-module: an element segment\'s expression longer than one instruction');
      return op === 0xd0;
    };
    const count = read.u32();
    const kept = [];
    let passive = false;
    for (let i = 0; i < count; i++) {
      const from = read.at;
      const flags = read.u32();
      passive ||= (flags & 1) === 1;
      if ((flags & 1) === 0) {
        if (flags & 2) read.u32();
        constant();
      }
      if (flags & 3) read.byte();
      const items = read.u32();
      let allNull = (flags & 4) !== 0 && (flags & 1) === 0;
      for (let j = 0; j < items; j++) {
        if (flags & 4) allNull = constant() && allNull;
        else read.u32();
      }
      if (allNull) dropped++;
      else kept.push(read.bytes(from));
    }
    if (passive) {
      dropped = 0;
      return null;
    }
    return [leb(kept.length), ...kept];
  });
  return { wasm: out, dropped };
}

// The wasm with each import renamed by `rename(module, name)`: the import section written again,
// every other section as it was. An import's description is copied as its bytes; reading it only
// finds where it ends (a function's, table's, memory's, global's or tag's).
function renameImports(wasm, rename) {
  return rewriteSection(wasm, 2, (read) => {
    const name = () => {
      const length = read.u32();
      const from = read.at;
      read.at += length;
      return read.bytes(from).toString('utf8');
    };
    const limits = () => {
      const flags = read.byte();
      read.u32();
      if (flags & 1) read.u32();
    };
    const count = read.u32();
    const entries = [leb(count)];
    for (let i = 0; i < count; i++) {
      const module = name();
      const field = name();
      const desc = read.at;
      const kind = read.byte();
      if (kind === 0) read.u32();
      else if (kind === 1) { read.byte(); limits(); }
      else if (kind === 2) limits();
      else if (kind === 3) read.at += 2;
      else if (kind === 4) { read.byte(); read.u32(); }
      else throw new Error(`trim-module: an import of kind ${kind}, which this does not know`);
      const renamedField = Buffer.from(rename(module, field));
      const moduleBytes = Buffer.from(module);
      entries.push(leb(moduleBytes.length), moduleBytes, leb(renamedField.length), renamedField, read.bytes(desc));
    }
    return entries;
  });
}

// The wasm with the section of `id` written again by `rewrite(read)`, every other section as it
// was: `read` reads the section's body (`byte`, `u32`, `at`, and `bytes(from)`, those from `from`
// to where it is), and `rewrite` gives the new body's pieces, or null to keep the section as it is.
// It must read the whole body.
function rewriteSection(wasm, id, rewrite) {
  const read = {
    at: 8,
    byte: () => wasm[read.at++],
    u32: () => {
      let result = 0;
      let shift = 0;
      let byte;
      do {
        byte = wasm[read.at++];
        result += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      return result;
    },
    bytes: (from) => wasm.subarray(from, read.at),
  };
  const out = [wasm.subarray(0, 8)];
  while (read.at < wasm.length) {
    const start = read.at;
    const sectionId = read.byte();
    const size = read.u32();
    const end = read.at + size;
    if (sectionId !== id) {
      out.push(wasm.subarray(start, end));
      read.at = end;
      continue;
    }
    const pieces = rewrite(read);
    if (read.at !== end) throw new Error(`trim-module: section ${id} did not end where its size said`);
    if (pieces === null) {
      out.push(wasm.subarray(start, end));
      continue;
    }
    const body = Buffer.concat(pieces);
    out.push(Buffer.from([id]), leb(body.length), body);
  }
  return Buffer.concat(out);
}

// `n` as an unsigned LEB128 number.
function leb(n) {
  const bytes = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    bytes.push(b);
  } while (n);
  return Buffer.from(bytes);
}
