// A book author's first hour with the npm package, as a new user lives it: a new folder, VitePress
// from the registry at the version the repository's own book pins, the package installed from its
// tarball, and the README's recipe applied word for word (its ```sh, ```ts and ```md blocks, read
// from README.md). Every command runs with a PATH of the system's own programs only (/usr/bin,
// /bin): no cargo, rustc or wasm tool can be found, as on an author's machine.
//   node tests/package/fresh-book.test.mjs target/npm
// (the package's folder; its tarball is packed from it here). It checks the package's files and
// fields, `vitepress build` (each demo's first screen in the built pages; in Chromium each demo goes
// live and answers a click with no console error or failed request), `vitepress dev` (a demo
// mounts and answers a click), the same book under `base: '/book/'` (every file from under /book/),
// `kubevol-prerender` on a plain HTML page, and the declarations of every entry under tsc --strict.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, watchedPage, run, assert, assertEq } from '../e2e/harness.mjs';
import { startServer } from '../e2e/static-server.mjs';
import { PROBE, allMounted, answersInPage } from '../e2e/book-pages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkgDir = resolve(process.argv[2] ?? 'target/npm');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.vitepress;
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

// The author's machine: the system's programs, node and npm among them, and nothing of ours.
const AUTHOR = { ...process.env, PATH: '/usr/bin:/bin', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
const sh = (cwd, cmd, args, extra = {}) => execFileSync(cmd, args, { cwd, env: { ...AUTHOR, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The README's recipe, block by block.
function block(lang, first) {
  const blocks = [...readme.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]);
  const found = blocks.find((b) => b.startsWith(first));
  assert(found, `the README has a \`\`\`${lang} block starting with ${first}`);
  return found;
}
const INSTALL = block('sh', 'npm i -D kubevol-lab').trim();
const CONFIG = block('ts', '// .vitepress/config.mts');
const THEME = block('ts', '// .vitepress/theme/index.ts');
const PLACEHOLDER = block('md', '<div data-kubevol-demo=').trim();
const PRERENDER = block('sh', 'npx kubevol-prerender').trim();
const HEAD = block('html', '<link rel="stylesheet"');

const work = mkdtempSync(join(tmpdir(), 'kubevol-fresh-book-'));
const book = join(work, 'book');
const browser = await launch();
let tarball;

// A page of the fresh book: every demo mounted, each answers its probe click, nothing failed.
// The browser asks for /favicon.ico at the origin's root by itself when a page names no icon, as a
// new book's do: that request is neither the book's nor ours, and under a base path it falls outside.
const FAVICON = '/favicon.ico';
async function goesLive(url, kinds) {
  const page = await watchedPage(browser, { viewport: { width: 1024, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error' && new URL(m.location().url || url).pathname === FAVICON) {
      page.problems.splice(page.problems.indexOf(`console error: ${m.text()}`), 1);
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(allMounted, kinds.length, { timeout: 30000 });
  const answered = await page.evaluate(answersInPage, PROBE);
  assertEq(answered.sort().join(','), [...kinds].sort().join(','), `${url}: the demos that answered a click`);
  page.assertClean();
  await page.context().close();
}

// Starts `vitepress dev` on a free port and resolves with its URL once it serves.
function dev(cwd) {
  const child = spawn(join(cwd, 'node_modules/.bin/vitepress'), ['dev', 'docs', '--port', '5199', '--strictPort'], { cwd, env: AUTHOR, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  const url = new Promise((ok, fail) => {
    const read = (d) => {
      said += d;
      const m = /Local:\s+(http:\/\/\S+)/.exec(said.replace(/\x1b\[[0-9;]*m/g, ''));
      if (m) ok(m[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => fail(new Error(`vitepress dev exited ${code}:\n${said}`)));
    setTimeout(() => fail(new Error(`vitepress dev did not serve in 60 s:\n${said}`)), 60000);
  });
  return { child, url, said: () => said };
}

await run('fresh-book', [
  ['the package holds only the demos, the renderer, the entries, the command and the declarations', async () => {
    for (const field of ['name', 'version', 'license', 'repository', 'exports', 'types', 'files', 'bin', 'engines']) {
      assert(pkg[field] !== undefined, `package.json has ${field}`);
    }
    assertEq(pkg.name, 'kubevol-lab', 'name');
    assertEq(pkg.type, 'module', 'ESM only');
    const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8');
    assertEq(pkg.version, /^\[package\][\s\S]*?^version = "([^"]+)"/m.exec(cargo)[1], "the workspace's version");
    const [dry] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', pkgDir], { cwd: work, encoding: 'utf8' }));
    const files = dry.files.map((f) => f.path).sort();
    const manifest = JSON.parse(readFileSync(join(pkgDir, 'assets/kubevol-files.json'), 'utf8'));
    const assets = new Set(['kubevol.js', 'kubevol.css', 'kubevol-files.json', manifest.main.js, manifest.main.wasm, manifest.link,
      ...Object.values(manifest.api).flatMap((a) => [a.js, a.wasm]), ...Object.values(manifest.packs)]);
    const lib = ['index', 'vue', 'vitepress', 'prerender'].flatMap((e) => [`lib/${e}.mjs`, `lib/${e}.d.ts`])
      .concat(['lib/kubevol.d.ts', 'lib/kubevol-prerender.mjs', 'lib/kubevol-render.cjs', 'lib/kubevol-render_bg.wasm']);
    const expected = ['package.json', 'README.md', 'bin/kubevol-prerender.mjs', ...lib, ...[...assets].map((a) => `assets/${a}`)].sort();
    assertEq(files.join('\n'), expected.join('\n'), 'npm pack --dry-run lists exactly these files');
    for (const [entry, target] of Object.entries(pkg.exports)) {
      for (const file of typeof target === 'string' ? [] : Object.values(target)) assert(existsSync(join(pkgDir, file)), `${entry}: ${file}`);
    }
    assert(readFileSync(join(pkgDir, 'README.md'), 'utf8').includes(INSTALL), "the package's README is the author's recipe");
    tarball = join(work, execFileSync('npm', ['pack', pkgDir, '--silent'], { cwd: work, encoding: 'utf8' }).trim());
  }],
  ['no cargo, rustc or wasm tool is on the author\'s PATH', async () => {
    for (const tool of ['cargo', 'rustc', 'rustup', 'trunk', 'wasm-bindgen', 'wasm-opt', 'wasm-split-cli']) {
      let found = '';
      try { found = sh(work, 'sh', ['-c', `command -v ${tool}`]); } catch { /* not found: as it should be */ }
      assertEq(found, '', `${tool} on the author's PATH`);
    }
  }],
  ['a new book: vitepress from the registry, the package from its tarball, the README\'s recipe word for word', async () => {
    mkdirSync(join(book, 'docs/.vitepress/theme'), { recursive: true });
    sh(book, 'npm', ['init', '-y']);
    sh(book, 'npm', ['i', '-D', `vitepress@${pinned}`]);
    const [npm, i, dev, name] = INSTALL.split(' ');
    assertEq(name, 'kubevol-lab', 'the README installs kubevol-lab');
    sh(book, npm, [i, dev, tarball]);
    writeFileSync(join(book, 'docs/.vitepress/config.mts'), CONFIG);
    writeFileSync(join(book, 'docs/.vitepress/theme/index.ts'), THEME);
    writeFileSync(join(book, 'docs/index.md'), `# A chapter\n\nText before the demo.\n\n${PLACEHOLDER}\n\n<div data-kubevol-demo="topology" data-preset="spread" data-lang="en"></div>\n\nText after.\n`);
    writeFileSync(join(book, 'docs/vue.md'), '# The component\n\n<KubevolDemo kind="statefulset" lang="en" />\n');
    const out = sh(book, join(book, 'node_modules/.bin/vitepress'), ['build', 'docs']);
    assert(/build complete/i.test(out), `vitepress build:\n${out}`);
  }],
  ['the built pages hold each demo\'s first screen', async () => {
    const dist = join(book, 'docs/.vitepress/dist');
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    assertEq((index.match(/data-kubevol-rendered/g) ?? []).length, 2, 'index.html: rendered placeholders');
    assertEq((index.match(/data-kubevol-root/g) ?? []).length, 2, 'index.html: first screens');
    const vue = readFileSync(join(dist, 'vue.html'), 'utf8');
    assertEq((vue.match(/data-kubevol-root/g) ?? []).length, 1, 'vue.html: the component\'s first screen');
    assert(/<link rel="preload stylesheet" href="\/assets\/style\.[\w-]+\.css"/.test(index), "VitePress's own stylesheet is still the theme's");
    assert(index.includes('<link rel="stylesheet" href="/kubevol/kubevol.css">'), 'the stylesheet in head');
    assert(index.includes('<script type="module" src="/kubevol/kubevol.js" async></script>'), 'the loader in head');
    const served = readdirSync(join(dist, 'kubevol')).sort();
    assertEq(served.join(','), readdirSync(join(book, 'node_modules/kubevol-lab/assets')).sort().join(','), 'the built site holds every asset');
  }],
  ['vitepress build: in Chromium each demo goes live and answers a click, with no error and no failed request', async () => {
    const server = await startServer(join(book, 'docs/.vitepress/dist'));
    try {
      await goesLive(`${server.url}/index.html`, ['csi', 'topology']);
      await goesLive(`${server.url}/vue.html`, ['statefulset']);
    } finally {
      await server.close();
    }
  }],
  ['vitepress dev serves a page whose demo mounts and answers a click', async () => {
    const server = dev(book);
    try {
      const url = await server.url;
      await goesLive(`${url}index.html`, ['csi', 'topology']);
      await goesLive(`${url}vue.html`, ['statefulset']);
    } finally {
      server.child.kill();
    }
  }],
  ['the same book under base: \'/book/\' loads every file from under /book/', async () => {
    const config = CONFIG.replace("/* the book's own config */", "base: '/book/'");
    assert(config !== CONFIG, "the README's config has a place for the book's own");
    writeFileSync(join(book, 'docs/.vitepress/config.mts'), config);
    sh(book, join(book, 'node_modules/.bin/vitepress'), ['build', 'docs']);
    const empty = join(work, 'nothing');
    mkdirSync(empty, { recursive: true });
    const server = await startServer(empty, { mounts: { '/book/': join(book, 'docs/.vitepress/dist') } });
    try {
      await goesLive(`${server.url}/book/index.html`, ['csi', 'topology']);
      await goesLive(`${server.url}/book/vue.html`, ['statefulset']);
      const outside = server.requests.filter((p) => !p.startsWith('/book/') && p !== FAVICON);
      assertEq(outside.join(', '), '', 'requests outside /book/');
      assert(server.requests.some((p) => /^\/book\/kubevol\/kubevol-main\.\w+\.wasm$/.test(p)), 'the main part came from /book/kubevol/');
    } finally {
      await server.close();
      writeFileSync(join(book, 'docs/.vitepress/config.mts'), CONFIG);
    }
  }],
  ['kubevol-prerender fills a plain HTML page from the installed package', async () => {
    const site = join(book, 'site');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'index.html'), `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n${HEAD}<title>A page</title></head>\n<body><main>\n<div data-kubevol-demo="statefulset" data-lang="en"></div>\n</main></body></html>\n`);
    // As the author's shell runs it: its glob names the pages.
    const said = sh(book, 'sh', ['-c', PRERENDER]);
    assert(/index\.html: rendered statefulset #1/.test(said), `kubevol-prerender said:\n${said}`);
    const html = readFileSync(join(site, 'index.html'), 'utf8');
    assert(html.includes('data-kubevol-rendered') && html.includes('data-kubevol-root'), 'the page holds the demo\'s first screen');
    assert(existsSync(join(site, 'kubevol/kubevol.js')), 'the files were copied beside the page');
    const again = sh(book, 'sh', ['-c', PRERENDER]);
    assert(/\(unchanged\)/.test(again), `a second run changes nothing:\n${again}`);
    const server = await startServer(site);
    try {
      await goesLive(`${server.url}/index.html`, ['statefulset']);
    } finally {
      await server.close();
    }
    let refused = '';
    try { sh(book, 'npx', ['kubevol-prerender', '--copy']); } catch (e) { refused = e.stderr; }
    assert(/unknown option --copy/.test(refused), `an unknown option is said: ${refused}`);
  }],
  ['the declarations of every entry compile under tsc --strict in the book', async () => {
    writeFileSync(join(book, 'check.ts'), `import { getState, mountDemo, unmountDemo, type DemoChange, type Scenario } from 'kubevol-lab';
import { KubevolDemo } from 'kubevol-lab/vue';
import { withKubevol, kubevolMarkdown } from 'kubevol-lab/vitepress';
import { copyAssets, fillHtml, renderDemo } from 'kubevol-lab/prerender';
import { defineConfig } from 'vitepress';

const scenario: Scenario = { actions: [{ type: 'attach', claim: 'data', node: 'node-a' }] };
export async function page(host: HTMLElement): Promise<number> {
  await mountDemo(host, { kind: 'csi', lang: 'en', scenario, onChange: (c: DemoChange) => console.log(c.moment) });
  const state = await getState(host);
  await unmountDemo(host);
  // @ts-expect-error: no such kind of demo
  await mountDemo(host, { kind: 'nfs' });
  return state.moment;
}
export const config = withKubevol(defineConfig({ title: 'A book', base: '/book/' }), { dir: 'demos/' });
export const hook: (md: Parameters<typeof kubevolMarkdown>[0]) => void = kubevolMarkdown;
export const component = KubevolDemo;
const filled: string = fillHtml('<div data-kubevol-demo="csi"></div>').html + renderDemo({ kind: 'csi', lang: 'en' });
export const copied: string[] = copyAssets('out').concat(filled);
`);
    // As an author who writes TypeScript has it: typescript (at the version the repository pins)
    // and Node's types, which VitePress's and Vite's own declarations need. No skipLibCheck, which
    // would skip our declarations too: every error in the file or in the package's declarations
    // fails; the ones tsc finds in other packages' declarations (VitePress's, VueUse's: a strict
    // check of them fails without the package's own) are counted, not ours to judge.
    const pins = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
    sh(book, 'npm', ['i', '-D', `typescript@${pins.typescript}`, `@types/node@${process.versions.node.split('.')[0]}`]);
    let said = '';
    try {
      said = sh(book, join(book, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '--pretty', 'false', '--target', 'es2022',
        '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'esnext,dom', '--types', 'node', 'check.ts']);
    } catch (e) {
      said = `${e.stdout}${e.stderr}`;
    }
    const errors = said.split('\n').filter((l) => /error TS\d+/.test(l));
    const ours = errors.filter((l) => l.startsWith('check.ts') || l.startsWith('node_modules/kubevol-lab/'));
    assertEq(ours.join('\n'), '', 'tsc --strict errors in the file or in the package\'s declarations');
    console.log(`  tsc --strict: no error in check.ts or kubevol-lab's declarations; ${errors.length} in other packages' declarations`);
  }],
]);
await browser.close();
rmSync(work, { recursive: true, force: true });
