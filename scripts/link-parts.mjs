// Called by scripts/build-modules.sh once the demos' wasm has been split, bound and optimised:
// packs the parts into the files a page fetches, names every file after its content, writes the
// loader of the parts (kubevol-link.<hash>.js) and the file names into kubevol.js and
// kubevol-files.json.
//   node scripts/link-parts.mjs <split folder> <staging folder> [release] [--no-api]
//
// --no-api: the split folder holds no script API modules (the build without pictures, which is
// weighed by its first loads only, builds none).
//
// The split folder holds what wasm-split-cli and wasm-bindgen made: the main part
// (kubevol-main.js and kubevol-main_bg.wasm), one module per part (split_csi.wasm,
// split_csi_lab.wasm, ...), the chunks the parts share (chunk_7.wasm, ...; a chunk is the code one
// set of parts shares) and __wasm_split.js, which says which chunks each part needs.
//
// Why packs: a page with a CSI demo needs the csi part and every chunk any set containing it
// names, a dozen files of a few hundred bytes to a hundred kilobytes. A pack holds the chunks the
// pages of the same kinds need at the same time (`part-csi`, `part-csi-statefulset`, `lab-csi`,
// `part-statefulset--lab-csi`: first for StatefulSet pages, on a fold's opening for CSI pages): a
// chapter's page fetches four packs beside the main part, a second chapter of another kind only
// the packs the first did not bring, and each pack compresses as one file. A pack is a wasm module made of
// custom sections, one per module it holds, so hosts serve and compress it as any wasm.
//
// Why one hash for the main part and the parts' loader: the two import each other, and both only
// work with the packs of the same build, whose names the loader carries.
//
// Why a build id in every pack: the main part and the parts share one memory and one function
// table, laid out by one link. A part of another build (a host that served stale bytes under a
// name) would write its functions and data over the wrong places. Each pack carries the id of the
// build it belongs to (a hash of everything the splitter wrote), and the loader refuses one that
// is not its build's, with a message that says so, before anything of it runs.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';

const [from, out, profile] = process.argv.slice(2).filter((a) => a !== '--no-api');
const withApi = !process.argv.includes('--no-api');
if (!from || !out) throw new Error('usage: node scripts/link-parts.mjs <split folder> <staging folder> [release]');
const release = profile === 'release';
const split = readFileSync(join(from, '__wasm_split.js'), 'utf8');

// ---- what wasm-split-cli says: the chunks, and what each part needs ----------------------------
const chunks = new Map(); // chunk var -> { name, parts }
for (const m of split.matchAll(/\/\* ([^*]+) \*\/\nconst (__chunk_\d+) = makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/(chunk_\d+)\.wasm", import\.meta\.url\)\);/g)) {
  chunks.set(m[2], { name: m[3], parts: m[1].split(', ') });
}
const parts = new Map(); // part -> { own: module name or null, needs: [chunk names] }
for (const m of split.matchAll(/export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => (?:async \(_imp\) => \(\{\}\)|\{\n\s*const src = fetch\(new URL\("\.\/(split_\w+)\.wasm", import\.meta\.url\)\);[\s\S]*?\n\})\n?, \[([^\]]*)\]\)\);/g)) {
  const needs = m[3].split(',').map((v) => v.trim()).filter(Boolean).map((v) => {
    if (!chunks.has(v)) throw new Error(`link-parts: part ${m[1]} needs ${v}, which __wasm_split.js does not define`);
    return chunks.get(v).name;
  });
  parts.set(m[1], { own: m[2] ?? null, needs });
}
const exported = [...split.matchAll(/export const (__wasm_split_load_\w+)/g)].map((m) => m[1]);
if (parts.size === 0 || parts.size !== exported.length) {
  throw new Error(`link-parts: read ${parts.size} of the ${exported.length} parts in ${from}/__wasm_split.js; has wasm-split-cli's output changed?`);
}
const shared = /let sharedImports = undefined;\nfunction getSharedImports\(\) \{[\s\S]*?\n\}\n/.exec(split)?.[0];
if (!shared) throw new Error('link-parts: no getSharedImports in __wasm_split.js');

// A kind's parts are its own (`csi`, fetched beside the main part) and its lab (`csi_lab`, what its
// folds show, fetched on the first opening).
const STAGES = ['lab'];
const stageOf = (p) => STAGES.find((s) => p.endsWith(`_${s}`));
const kindOfPart = (p) => (stageOf(p) ? p.slice(0, -stageOf(p).length - 1) : p);
const kinds = [...parts.keys()].filter((p) => !stageOf(p)).sort();
for (const p of parts.keys()) {
  if (!kinds.includes(kindOfPart(p))) throw new Error(`link-parts: ${p} belongs to no kind`);
}

// ---- packs: each chunk with the others of the same set of kinds -------------------------------
const packOf = new Map(); // module -> pack name
const packs = new Map(); // pack name -> [module names, in order]
const put = (module, pack) => {
  packOf.set(module, pack);
  packs.set(pack, [...(packs.get(pack) ?? []), module]);
};
// A chunk is needed by the pages of some kinds to show their demos, and by the pages of others
// only once a fold opens: it goes with the chunks needed by just the same pages at the same time.
for (const { name, parts: users } of chunks.values()) {
  const first = kinds.filter((k) => users.includes(k));
  const lab = kinds.filter((k) => users.includes(`${k}_lab`) && !first.includes(k));
  put(name, [first.length && `part-${first.join('-')}`, lab.length && `lab-${lab.join('-')}`].filter(Boolean).join('--'));
}
for (const [part, { own }] of parts) {
  if (own) put(own, `${stageOf(part) ?? 'part'}-${kindOfPart(part)}`);
}

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 12);
// The custom section of a pack that names its build.
const BUILD = 'kubevol/build';
const integrity = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;
const leb = (n) => {
  const bytes = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    bytes.push(b);
  } while (n);
  return Buffer.from(bytes);
};
// The build's id: everything the splitter and wasm-bindgen wrote.
const build = hash(Buffer.concat([Buffer.from(split), ...[...packOf.keys()].sort().map((m) => readFileSync(join(from, `${m}.wasm`))),
  readFileSync(join(from, 'kubevol-main_bg.wasm'))]));
const section = (name, content) => {
  const named = Buffer.from(name);
  const body = Buffer.concat([leb(named.length), named, content]);
  return Buffer.concat([Buffer.from([0]), leb(body.length), body]);
};
const files = {};
const packed = {};
for (const [pack, members] of [...packs].sort(([a], [b]) => a.localeCompare(b))) {
  const sections = [section(BUILD, Buffer.from(build)), ...members.map((m) => section(m, readFileSync(join(from, `${m}.wasm`))))];
  const data = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), ...sections]);
  // The parts' loader rebuilds this name from the pack's name and hash (`pack()` below).
  const id = hash(data);
  const file = `kubevol-${pack}.${id}.wasm`;
  writeFileSync(join(out, file), data);
  packed[pack] = [id, ...members];
  files[pack] = file;
}

// The packs each part needs: its own module's and its chunks', first-load ones first.
const needs = (part) => {
  const { own, needs: list } = parts.get(part);
  return [...new Set([...list, ...(own ? [own] : [])].map((m) => packOf.get(m)))].sort();
};

// ---- the parts' loader, and the main part, named after their content together ------------------
const LINK = '@@kubevol-link@@';
const MAIN = '@@kubevol-main@@';
const loads = [...parts].map(([part, { own, needs: list }]) =>
  `export const __wasm_split_load_${part} = loader(${JSON.stringify(own)}, ${JSON.stringify(list)});`).join('\n');
const link = `// The demos' wasm parts, and how to fetch them (written by scripts/link-parts.mjs from what
// wasm-split-cli wrote): each part is instantiated once, after the chunks it needs, with the main
// part's memory and function table; a pack is fetched once (a failed fetch is tried again on the
// next use), and one that is not of this build is refused before anything of it runs.
import { initSync } from './${MAIN}.js';

const BUILD = ${JSON.stringify(build)};
// Each pack's hash and the modules it holds (its file is kubevol-<pack>.<hash>.wasm), and the pack
// of each module, read from them: every page's first load carries this module, so each name is
// said once.
const PACKS = ${JSON.stringify(packed)};
const IN = {};
for (const [name, [, ...members]] of Object.entries(PACKS)) for (const m of members) IN[m] = name;

${shared}
const fetched = new Map();
// Requests the page's loader started before this module arrived, by pack (see adopt()).
const started = new Map();
function pack(name, low) {
  if (!fetched.has(name)) {
    const [id, ...members] = PACKS[name];
    const file = \`kubevol-\${name}.\${id}.wasm\`;
    const request = started.get(name) ?? fetch(new URL(file, import.meta.url), { priority: low ? 'low' : 'auto' });
    started.delete(name); // used once: a failed fetch is made again next time
    const loading = request
      .then((response) => {
        if (!response.ok) throw new Error(\`kubevol: \${file} answered HTTP \${response.status}\`);
        return response.arrayBuffer();
      }, (cause) => {
        throw new Error(\`kubevol: \${file} could not be fetched\`, { cause });
      })
      .then((bytes) => {
        const held = new WebAssembly.Module(bytes);
        const [id] = WebAssembly.Module.customSections(held, ${JSON.stringify(BUILD)});
        const of = id && new TextDecoder().decode(id);
        if (of !== BUILD) {
          throw new Error(\`kubevol: \${file} belongs to another build of the demos (\${of ?? 'none'}, not \${BUILD}); the part it holds is not loaded\`);
        }
        return new Map(members.map((m) => [m, WebAssembly.compile(WebAssembly.Module.customSections(held, m)[0])]));
      });
    loading.catch(() => fetched.delete(name));
    fetched.set(name, loading);
  }
  return fetched.get(name);
}

const instances = new Map();
function instantiate(module) {
  if (!instances.has(module)) {
    const made = pack(IN[module]).then((held) => held.get(module)).then((m) => WebAssembly.instantiate(m, getSharedImports()));
    made.catch(() => instances.delete(module));
    instances.set(module, made);
  }
  return instances.get(module);
}

// What the main part calls to load a part: the chunks it needs, then its own module; then it
// tells the waiting Rust future whether that worked.
function loader(own, chunks) {
  return async (callbackIndex, callbackData) => {
    let loaded = false;
    try {
      await Promise.all(chunks.map(instantiate));
      if (own) await instantiate(own);
      loaded = true;
    } catch (error) {
      console.error(error);
    } finally {
      getSharedImports().__wasm_split.__indirect_function_table.get(callbackIndex)(callbackData, loaded);
    }
  };
}
${loads}

/** Fetches and compiles packs ahead of their first use; \`low\` asks the network for low priority. */
export function prefetch(names, low = false) {
  for (const name of names) pack(name, low).catch(() => {});
}

/**
 * Takes the requests the page's loader started for packs (name -> promise of the response) before
 * this module had arrived, and compiles each as its bytes come.
 */
export function adopt(requests) {
  for (const [name, request] of requests) {
    if (!fetched.has(name) && !started.has(name)) started.set(name, request);
  }
  prefetch([...requests.keys()]);
}
`;

const glue = readFileSync(join(from, 'kubevol-main.js'), 'utf8');
const importsOfLink = /(from\s*)(["'])\.\/__wasm_split\.js\2/g;
if (!importsOfLink.test(glue)) throw new Error('link-parts: the main glue does not import ./__wasm_split.js');
const glueNamed = glue.replace(importsOfLink, `$1$2./${LINK}.js$2`);
const wasm = readFileSync(join(from, 'kubevol-main_bg.wasm'));
const linkSource = release ? transformSync(link, { minify: true, format: 'esm', target: 'es2022' }).code : link;
// The script API's modules (crates/api), one per kind, each glue with what the page's loader asks
// of it (web/kubevol-script.js, appended by scripts/build-modules.sh). They are named with the
// main part's hash, which covers their content too: the loader then needs no name of its own for
// them, so a page that never uses the script API carries nothing of it.
const apis = (withApi ? kinds : []).map((kind) => ({
  kind,
  glue: readFileSync(join(from, `kubevol-api-${kind}.js`), 'utf8'),
  wasm: readFileSync(join(from, `kubevol-api-${kind}_bg.wasm`)),
}));
const h = hash(Buffer.concat([Buffer.from(glueNamed), wasm, Buffer.from(linkSource), ...apis.flatMap((a) => [Buffer.from(a.glue), a.wasm])]));
const api = {};
for (const { kind, glue: apiGlue, wasm: apiWasm } of apis) {
  const name = `kubevol-api-${kind}.${h}`;
  writeFileSync(join(out, `${name}.js`), apiGlue);
  writeFileSync(join(out, `${name}.wasm`), apiWasm);
  api[kind] = { js: `${name}.js`, wasm: `${name}.wasm` };
}
const main = `kubevol-main.${h}`;
const linkName = `kubevol-link.${h}`;
writeFileSync(join(out, `${main}.js`), glueNamed.replaceAll(LINK, linkName));
writeFileSync(join(out, `${main}.wasm`), wasm);
writeFileSync(join(out, `${linkName}.js`), linkSource.replaceAll(MAIN, main));

// ---- the names, for the page's loader (kubevol.js) and for tools ------------------------------
const manifest = {
  main: { js: `${main}.js`, wasm: `${main}.wasm`, integrity: integrity(wasm) },
  build,
  link: `${linkName}.js`,
  // Each kind's script API, fetched only by a page whose script passes a scenario, listens for
  // changes or calls getState.
  api,
  // Each kind's packs (fetched beside the main part), and beyond those its lab's (fetched on the
  // first fold).
  parts: Object.fromEntries(kinds.flatMap((k) => [[k, needs(k)],
    ...STAGES.map((stage) => [`${k}_${stage}`, needs(`${k}_${stage}`).filter((p) => !needs(k).includes(p))])])),
  packs: files,
};
const MARKER = '/* kubevol:files */ {}';
const loaderPath = join(out, 'kubevol.js');
const source = readFileSync(loaderPath, 'utf8');
if (!source.includes(MARKER)) throw new Error(`link-parts: ${loaderPath} has no "${MARKER}" to fill in`);
// The loader's copy names each file by its hash alone (`kubevol-<name>.<hash>.<ext>`, see `file`
// in kubevol.js): a chapter's first load carries every name, and each hash says it once.
const hashOf = (file) => file.split('.').at(-2);
const embedded = {
  main: hashOf(manifest.main.wasm),
  integrity: manifest.main.integrity,
  parts: manifest.parts,
  packs: Object.fromEntries(Object.entries(files).map(([pack, file]) => [pack, hashOf(file)])),
};
for (const [pack, file] of Object.entries(files)) {
  if (file !== `kubevol-${pack}.${embedded.packs[pack]}.wasm`) throw new Error(`link-parts: ${file} is not named as the loader names it`);
}
const sharing = [manifest.link, manifest.main.js, ...Object.values(api).flatMap((a) => [a.js, a.wasm])];
if (sharing.some((f) => f.split('.').at(-2) !== embedded.main)) {
  throw new Error('link-parts: the main part, the parts\' loader and the script API\'s modules do not share their hash');
}
const named = source.replace(MARKER, JSON.stringify(embedded));
writeFileSync(loaderPath, release ? transformSync(named, { minify: true, format: 'esm', target: 'es2022' }).code : named);
writeFileSync(join(out, 'kubevol-files.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`link-parts: ${main}.{js,wasm}, ${linkName}.js, ${Object.keys(files).length} packs for ${kinds.join(', ')} and their labs${withApi ? ", and their script APIs" : ""}`);
if (!existsSync(join(out, `${main}.js`))) throw new Error('link-parts: nothing written');
