// Makes the npm package `kubevol-lab` from a release build's files: what a book author installs
// (`npm i -D kubevol-lab`) to put the demos on a page with Node alone, no Rust.
//   node scripts/npm-package.mjs <the build's folder> <the package's folder>
// Run by scripts/build-modules.sh at the end of a release build, into target/npm/; `npm pack
// ./target/npm` makes the tarball. The package holds:
//   assets/  what a reader's page fetches: the loader (kubevol.js), the stylesheet, kubevol-files.json
//            and every file it names (the hashed parts), copied from the build as they are;
//   lib/     the Node and page entries (web/npm/, web/vitepress.mjs, web/kubevol-prerender.mjs),
//            the build-time renderer (kubevol-render.cjs and its wasm) and the declarations;
//   bin/     the kubevol-prerender command (web/npm/bin.mjs);
//   package.json, with the workspace's version, licence and repository (Cargo.toml);
//   the README: the author's recipe, the part of the repository's README.md between its package
//            marks, without what is marked as the repository's only (how to pack a tarball until
//            the package is on the registry: a reader of the package's README has it installed);
//   the licences (LICENSE-MIT, LICENSE-APACHE) and CHANGELOG.md, copied from the repository's root.
// Nothing else: no example page, no test fixture, no source map.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [built, out] = process.argv.slice(2);
if (!built || !out) {
  console.error('usage: node scripts/npm-package.mjs <the build\'s folder> <the package\'s folder>');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'web');

// The workspace's package facts, from Cargo.toml: the demos' package (kubevol-lab) has the version,
// [workspace.package] the licence and the repository.
function cargoFacts() {
  const toml = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  const table = (name) => new RegExp(`^\\[${name.replace('.', '\\.')}\\]\\n([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(toml)?.[1] ?? '';
  const field = (body, key) => new RegExp(`^${key} = "([^"]*)"$`, 'm').exec(body)?.[1];
  const facts = {
    version: field(table('package'), 'version'),
    license: field(table('workspace.package'), 'license'),
    repository: field(table('workspace.package'), 'repository'),
  };
  for (const [key, value] of Object.entries(facts)) if (!value) throw new Error(`npm-package: Cargo.toml gives no ${key}`);
  return facts;
}

// The files of the repository's root the package holds as they are, at its root too.
const ROOT_FILES = ['LICENSE-MIT', 'LICENSE-APACHE', 'CHANGELOG.md'];

// A heading's anchor, as GitHub and npm make it: lower case, punctuation dropped, spaces to "-".
const anchor = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

// The author's recipe: the README between its two package marks, without the parts marked as the
// repository's only. Its links must work where npm shows it, away from the repository: to a URL,
// to a file the package holds at its root, or to one of its own headings.
function recipe() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const m = /<!-- package README: begin -->\n([\s\S]*?)<!-- package README: end -->/.exec(readme);
  if (!m) throw new Error('npm-package: README.md has no "<!-- package README: begin/end -->" marks');
  const text = m[1].replace(/<!-- repository only: begin -->\n[\s\S]*?<!-- repository only: end -->\n+/g, '').trim();
  if (text.includes('<!-- repository only')) throw new Error('npm-package: a "repository only" mark without its pair');
  const headings = new Set([...text.matchAll(/^#+ (.+)$/gm)].map((h) => anchor(h[1])));
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const fine = /^https?:\/\//.test(target) || ROOT_FILES.includes(target)
      || (target.startsWith('#') && headings.has(target.slice(1)));
    if (!fine) throw new Error(`npm-package: the package's README links to ${target}, which it does not hold`);
  }
  return `# kubevol-lab\n\n${text}\n`;
}

const { version, license, repository } = cargoFacts();
const readme = recipe(); // before anything is written: a README that fails its links stops here
const manifest = JSON.parse(readFileSync(join(built, 'kubevol-files.json'), 'utf8'));
const assets = [
  'kubevol.js', 'kubevol.css', 'kubevol-files.json', manifest.main.js, manifest.main.wasm, manifest.link,
  ...Object.values(manifest.api ?? {}).flatMap((a) => [a.js, a.wasm]), ...Object.values(manifest.packs),
];
const lib = [
  [join(web, 'npm/index.mjs'), 'index.mjs'], [join(web, 'npm/index.d.ts'), 'index.d.ts'],
  [join(web, 'kubevol.d.ts'), 'kubevol.d.ts'],
  [join(web, 'npm/vue.mjs'), 'vue.mjs'], [join(web, 'npm/vue.d.ts'), 'vue.d.ts'],
  [join(web, 'vitepress.mjs'), 'vitepress.mjs'], [join(web, 'npm/vitepress.d.ts'), 'vitepress.d.ts'],
  [join(web, 'npm/prerender.mjs'), 'prerender.mjs'], [join(web, 'npm/prerender.d.ts'), 'prerender.d.ts'],
  [join(web, 'kubevol-prerender.mjs'), 'kubevol-prerender.mjs'],
  [join(built, 'kubevol-render.cjs'), 'kubevol-render.cjs'], [join(built, 'kubevol-render_bg.wasm'), 'kubevol-render_bg.wasm'],
];

rmSync(out, { recursive: true, force: true });
for (const dir of ['assets', 'lib', 'bin']) mkdirSync(join(out, dir), { recursive: true });
for (const name of new Set(assets)) {
  if (!existsSync(join(built, name))) throw new Error(`npm-package: the build has no ${name}`);
  copyFileSync(join(built, name), join(out, 'assets', name));
}
for (const [from, name] of lib) copyFileSync(from, join(out, 'lib', name));
copyFileSync(join(web, 'npm/bin.mjs'), join(out, 'bin/kubevol-prerender.mjs'));
for (const name of ROOT_FILES) copyFileSync(join(root, name), join(out, name));
chmodSync(join(out, 'bin/kubevol-prerender.mjs'), 0o755);

const entry = (name) => ({ types: `./lib/${name}.d.ts`, default: `./lib/${name}.mjs` });
const pkg = {
  name: 'kubevol-lab',
  version,
  description: 'Interactive demos of how Kubernetes storage behaves (PV/PVC binding, attach and mount, CSI, StatefulSet volumes), for a book\'s pages: prebuilt WebAssembly, a VitePress plugin, a Vue component and a prerender command.',
  keywords: ['kubernetes', 'storage', 'csi', 'statefulset', 'vitepress', 'vitepress-plugin', 'vue', 'webassembly'],
  license,
  repository: { type: 'git', url: `git+${repository}.git` },
  homepage: `${repository}#readme`,
  type: 'module',
  exports: {
    '.': entry('index'),
    './vitepress': entry('vitepress'),
    './vue': entry('vue'),
    './prerender': entry('prerender'),
    './assets/*': './assets/*',
    './package.json': './package.json',
  },
  types: './lib/index.d.ts',
  files: ['assets', 'lib', 'bin', ...ROOT_FILES],
  bin: { 'kubevol-prerender': 'bin/kubevol-prerender.mjs' },
  engines: { node: '>=18' },
  // The component needs the page's Vue and withKubevol a VitePress config; neither is installed for
  // a plain HTML site, which uses neither.
  peerDependencies: { vitepress: '^1.0.0', vue: '^3.3.0' },
  peerDependenciesMeta: { vitepress: { optional: true }, vue: { optional: true } },
  sideEffects: false,
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync(join(out, 'README.md'), readme);
console.log(`npm-package: kubevol-lab ${version} in ${out}: ${new Set(assets).size} assets, ${lib.length} lib files, `
  + `the kubevol-prerender command, ${ROOT_FILES.join(', ')}`);
