// A book author's first hour with the npm package, as a new user lives it: a new folder, VitePress
// from the registry at the version the repository's own book pins, the package installed from its
// tarball, and the README's recipe applied word for word (its ```sh, ```ts and ```md blocks, read
// from README.md). Every command runs with a PATH of the system's own programs only (/usr/bin,
// /bin): no cargo, rustc or wasm tool can be found, as on an author's machine.
//   node tests/package/fresh-book.test.mjs target/npm
// (the package's folder; its tarball is packed from it here). It checks the package's files and
// fields, `vitepress build` (each demo's first screen in the built pages; in Chromium each demo goes
// live and answers a click with no console error or failed request), `vitepress dev` (a demo
// mounts and answers a click; a mistaken placeholder is warned of, and its page served saying it),
// the same book under `base: '/book/'` (every file from under /book/),
// a placeholder with no language (the book's is written onto it) and a self-closing one (read as
// empty), pages with each kind of mistake in a placeholder (one strict build fails saying each
// with its page, line and message; with `strict: false` the book builds, each page saying its
// fault), `kubevol-prerender` on a plain HTML page and on a folder (a page in a subfolder, the
// strict exit status, --no-strict, --help), and the declarations of every entry under tsc --strict.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
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
const AUTHOR = {
  ...process.env, PATH: '/usr/bin:/bin',
  npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false',
};
const sh = (cwd, cmd, args, extra = {}) =>
  execFileSync(cmd, args, { cwd, env: { ...AUTHOR, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

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

// A page whose placeholder names no language and closes itself.
const DEFAULTS = '# Defaults\n\n<div data-kubevol-demo="topology" />\n\nText after the demo.\n';

// A page per kind of mistake a placeholder can hold, each on its page's fifth line (one page has
// front matter, which VitePress takes off before the page's Markdown is read: its lines count).
const mistakePage = (title, html, front = '') =>
  `${front}# ${title}\n\nText before the demo.\n\n${html}\n\nText after.\n`;
const MISTAKE_HTML = [
  '<div data-kubevol-demo="csl" data-lang="en"></div>',
  '<div data-kubevol-demo="csi" data-lang="fr"></div>',
  '<div data-kubevol-demo="topology" data-lang="en" data-preset="sprad"></div>',
  '<div data-kubevol-demo="csi" data-lang="en" data-view="labs"></div>',
  '<div data-kubevol-demo="csi" data-lang="en" data-level="csi-no-such-level"></div>',
  '<div data-kubevol-demo="csi" data-lang="en" data-level=\'{"kind": "csi",\'></div>',
  '<div data-kubevol-demo="csi" data-lang="en" data-level="sts-unblock"></div>',
];
const MISTAKE_PAGES = {
  kind: mistakePage('A kind typo', MISTAKE_HTML[0]),
  lang: mistakePage('A language the demos do not speak', MISTAKE_HTML[1]),
  preset: mistakePage('An unknown preset', MISTAKE_HTML[2]),
  view: mistakePage('An unknown view', MISTAKE_HTML[3]),
  'level-id': mistakePage('An unknown level', MISTAKE_HTML[4]),
  'level-json': mistakePage('A level of broken JSON', MISTAKE_HTML[5], '---\ntitle: Broken JSON\n---\n\n'),
  'level-kind': mistakePage('A level of another kind', MISTAKE_HTML[6]),
  scenario: mistakePage('A bad scenario',
    '<KubevolDemo kind="csi" lang="en" :scenario=\'{"actions":[{"type":"fly"}]}\' />'),
};
// The word each page's message names.
const MISTAKE_WORDS = {
  kind: 'csl', lang: 'fr', preset: 'sprad', view: 'labs', 'level-id': 'csi-no-such-level', scenario: 'fly',
};
// `docs/mistakes/NAME.md:LINE`, where each mistake (or `name`'s) is.
const mistakeLines = (name) => Object.entries(MISTAKE_PAGES).filter(([n]) => !name || n === name)
  .map(([n, text]) => `docs/mistakes/${n}.md:${text.split('\n').findIndex((l) => /kubevol-?demo/i.test(l)) + 1}`);
let mistakes; // the strict build's errors, by page and line

// `vitepress build` of the book: its exit status, and what it said (its warnings too), with no colour.
function build() {
  const vitepress = join(book, 'node_modules/.bin/vitepress');
  const done = spawnSync(vitepress, ['build', 'docs'], { cwd: book, env: AUTHOR, encoding: 'utf8' });
  return { status: done.status, said: `${done.stdout}${done.stderr}`.replace(/\x1b\[[0-9;]*m/g, '') };
}

// The faults said (`page:line: error: message`), by `page:line` in the order said; a demo's
// several faults on one line, a line each.
function faultsSaid(said, severity) {
  const found = new Map();
  for (const line of said.split('\n')) {
    const m = new RegExp(`^(\\S+:\\d+): ${severity}: (.+)$`).exec(line);
    if (m) found.set(m[1], found.has(m[1]) ? `${found.get(m[1])}\n${m[2]}` : m[2]);
  }
  return found;
}

// The text each demo of a page shows before any script runs (JavaScript off): its rendered screen.
// With JavaScript on (as `vitepress dev` needs, its pages drawn by their script), once each is live.
async function demoTexts(url, { javaScriptEnabled = false } = {}) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(url);
  if (javaScriptEnabled) await page.waitForFunction(() => document.querySelector('[data-kubevol-mounted]'));
  const texts = await page.locator('[data-kubevol-demo]').evaluateAll((all) => all.map((e) => e.textContent));
  await context.close();
  return texts;
}

// Starts `vitepress dev` on a free port and resolves with its URL once it serves.
function dev(cwd) {
  const child = spawn(join(cwd, 'node_modules/.bin/vitepress'), ['dev', 'docs', '--port', '5199', '--strictPort'],
    { cwd, env: AUTHOR, stdio: ['ignore', 'pipe', 'pipe'] });
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
  ['the package holds only the demos, the renderer, the entries, the command, the declarations, licences', async () => {
    for (const field of ['name', 'version', 'license', 'repository', 'exports', 'types', 'files', 'bin', 'engines']) {
      assert(pkg[field] !== undefined, `package.json has ${field}`);
    }
    assertEq(pkg.name, 'kubevol-lab', 'name');
    assertEq(pkg.type, 'module', 'ESM only');
    const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8');
    assertEq(pkg.version, /^\[package\][\s\S]*?^version = "([^"]+)"/m.exec(cargo)[1], "the workspace's version");
    const dryRun = execFileSync('npm', ['pack', '--dry-run', '--json', pkgDir], { cwd: work, encoding: 'utf8' });
    const [dry] = JSON.parse(dryRun);
    const files = dry.files.map((f) => f.path).sort();
    const manifest = JSON.parse(readFileSync(join(pkgDir, 'assets/kubevol-files.json'), 'utf8'));
    const assets = new Set(['kubevol.js', 'kubevol.css', 'kubevol-files.json', manifest.main.js, manifest.main.wasm,
      manifest.link, ...Object.values(manifest.api).flatMap((a) => [a.js, a.wasm]), ...Object.values(manifest.packs)]);
    const lib = ['index', 'vue', 'vitepress', 'prerender'].flatMap((e) => [`lib/${e}.mjs`, `lib/${e}.d.ts`])
      .concat(['lib/kubevol.d.ts', 'lib/kubevol-prerender.mjs', 'lib/kubevol-render.cjs',
        'lib/kubevol-render_bg.wasm']);
    const expected = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE-MIT', 'LICENSE-APACHE',
      'bin/kubevol-prerender.mjs', ...lib, ...[...assets].map((a) => `assets/${a}`)].sort();
    assertEq(files.join('\n'), expected.join('\n'), 'npm pack --dry-run lists exactly these files');
    for (const [entry, target] of Object.entries(pkg.exports)) {
      for (const file of typeof target === 'string' ? [] : Object.values(target)) {
        assert(existsSync(join(pkgDir, file)), `${entry}: ${file}`);
      }
    }
    const ownReadme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
    assert(ownReadme.includes(INSTALL), "the package's README is the author's recipe");
    tarball = join(work, execFileSync('npm', ['pack', pkgDir, '--silent'], { cwd: work, encoding: 'utf8' }).trim());
  }],
  ['no cargo, rustc or wasm tool is on the author\'s PATH', async () => {
    for (const tool of ['cargo', 'rustc', 'rustup', 'trunk', 'wasm-bindgen', 'wasm-opt', 'wasm-split-cli']) {
      let found = '';
      try { found = sh(work, 'sh', ['-c', `command -v ${tool}`]); } catch { /* not found: as it should be */ }
      assertEq(found, '', `${tool} on the author's PATH`);
    }
  }],
  ['a new book: vitepress from the registry, the package from its tarball, the README\'s recipe verbatim', async () => {
    mkdirSync(join(book, 'docs/.vitepress/theme'), { recursive: true });
    sh(book, 'npm', ['init', '-y']);
    sh(book, 'npm', ['i', '-D', `vitepress@${pinned}`]);
    const [npm, i, dev, name] = INSTALL.split(' ');
    assertEq(name, 'kubevol-lab', 'the README installs kubevol-lab');
    sh(book, npm, [i, dev, tarball]);
    writeFileSync(join(book, 'docs/.vitepress/config.mts'), CONFIG);
    writeFileSync(join(book, 'docs/.vitepress/theme/index.ts'), THEME);
    writeFileSync(join(book, 'docs/index.md'), `# A chapter\n\nText before the demo.\n\n${PLACEHOLDER}\n\n`
      + '<div data-kubevol-demo="topology" data-preset="spread" data-lang="en"></div>\n\nText after.\n');
    writeFileSync(join(book, 'docs/vue.md'), '# The component\n\n<KubevolDemo kind="statefulset" lang="en" />\n');
    writeFileSync(join(book, 'docs/defaults.md'), DEFAULTS);
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
    assert(/<link rel="preload stylesheet" href="\/assets\/style\.[\w-]+\.css"/.test(index),
      "VitePress's own stylesheet is still the theme's");
    assert(index.includes('<link rel="stylesheet" href="/kubevol/kubevol.css">'), 'the stylesheet in head');
    assert(index.includes('<script type="module" src="/kubevol/kubevol.js" async></script>'), 'the loader in head');
    // No data-lang: the book's (VitePress's en-US, as the config names none) is written onto it.
    // Self-closing: read as empty, the text after it stays after it.
    const defaults = readFileSync(join(dist, 'defaults.html'), 'utf8');
    const written = '<div data-kubevol-demo="topology" data-lang="en" data-kubevol-rendered>'
      + '<div data-kubevol-root="topology" lang="en"';
    assert(defaults.includes(written), 'defaults.html: the book\'s language on the placeholder, the screen in it');
    assert(/<\/div><p>Text after the demo\.<\/p>/.test(defaults), 'defaults.html: the text after the demo, after it');
    const served = readdirSync(join(dist, 'kubevol')).sort();
    const assets = readdirSync(join(book, 'node_modules/kubevol-lab/assets')).sort();
    assertEq(served.join(','), assets.join(','), 'the built site holds every asset');
  }],
  ['vitepress build: in Chromium each demo goes live and answers a click, no error, no failed request', async () => {
    const server = await startServer(join(book, 'docs/.vitepress/dist'));
    try {
      await goesLive(`${server.url}/index.html`, ['csi', 'topology']);
      await goesLive(`${server.url}/vue.html`, ['statefulset']);
      await goesLive(`${server.url}/defaults.html`, ['topology']);
    } finally {
      await server.close();
    }
  }],
  ['vitepress dev serves a page whose demo mounts and answers a click; a mistake is warned, not fatal', async () => {
    // A mistaken placeholder, which fails a build: `vitepress dev` warns of it, serves its page,
    // the demo saying what is wrong, and goes on serving.
    writeFileSync(join(book, 'docs/mistake.md'), MISTAKE_PAGES.preset);
    const server = dev(book);
    try {
      const url = await server.url;
      const [text] = await demoTexts(`${url}mistake.html`, { javaScriptEnabled: true });
      assert(text.includes('sprad'), `mistake.html: the demo says its fault: ${text.slice(0, 300)}`);
      const warned = faultsSaid(server.said().replace(/\x1b\[[0-9;]*m/g, ''), 'warning');
      assert(warned.get('docs/mistake.md:5')?.includes('sprad'), `vitepress dev warns of it:\n${server.said()}`);
      await goesLive(`${url}index.html`, ['csi', 'topology']);
      await goesLive(`${url}vue.html`, ['statefulset']);
    } finally {
      server.child.kill();
      rmSync(join(book, 'docs/mistake.md'));
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
      const main = /^\/book\/kubevol\/kubevol-main\.\w+\.wasm$/;
      assert(server.requests.some((p) => main.test(p)), 'the main part came from /book/kubevol/');
    } finally {
      await server.close();
      writeFileSync(join(book, 'docs/.vitepress/config.mts'), CONFIG);
    }
  }],
  ['a mistaken placeholder fails the build with its page, line and message, each one of the book\'s', async () => {
    mkdirSync(join(book, 'docs/mistakes'), { recursive: true });
    for (const [name, text] of Object.entries(MISTAKE_PAGES)) {
      writeFileSync(join(book, `docs/mistakes/${name}.md`), text);
    }
    const { status, said } = build();
    assert(status !== 0, `vitepress build fails:\n${said}`);
    const errors = faultsSaid(said, 'error');
    assertEq([...errors.keys()].sort().join('\n'), mistakeLines().sort().join('\n'), `the pages, lines said:\n${said}`);
    for (const [name, token] of Object.entries(MISTAKE_WORDS)) {
      const message = errors.get(mistakeLines(name)[0]);
      assert(message.includes(token), `${name}: its message names ${token}: ${message}`);
    }
    mistakes = errors;
  }],
  ['with strict: false the book builds, warning of each mistake, and each page says its demo\'s fault', async () => {
    // And the book's language for its demos: ja, where VitePress's is en-US.
    const config = CONFIG.replace(/\)\)\s*$/, "), { strict: false, lang: 'ja' })\n");
    assert(config !== CONFIG, "the README's config ends with withKubevol(defineConfig(...))");
    writeFileSync(join(book, 'docs/.vitepress/config.mts'), config);
    try {
      const { status, said } = build();
      assert(status === 0 && /build complete/i.test(said), `vitepress build:\n${said}`);
      const warned = faultsSaid(said, 'warning');
      assertEq([...warned].sort().join('\n'), [...mistakes].sort().join('\n'), 'warnings, the strict build\'s errors');
      const dist = join(book, 'docs/.vitepress/dist');
      const defaults = readFileSync(join(dist, 'defaults.html'), 'utf8');
      assert(defaults.includes('data-lang="ja" data-kubevol-rendered><div data-kubevol-root="topology" lang="ja"'),
        'lang: \'ja\' is written onto a placeholder that names none');
      const server = await startServer(dist);
      try {
        for (const name of Object.keys(MISTAKE_PAGES)) {
          const [text] = await demoTexts(`${server.url}/mistakes/${name}.html`);
          for (const message of warned.get(mistakeLines(name)[0]).split('\n')) {
            assert(text.includes(message), `mistakes/${name}.html says ${message}: ${text.slice(0, 300)}`);
          }
        }
      } finally {
        await server.close();
      }
    } finally {
      writeFileSync(join(book, 'docs/.vitepress/config.mts'), CONFIG);
      rmSync(join(book, 'docs/mistakes'), { recursive: true, force: true });
    }
  }],
  ['kubevol-prerender fills a plain HTML page from the installed package', async () => {
    const site = join(book, 'site');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'index.html'), `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n${HEAD}`
      + '<title>A page</title></head>\n<body><main>\n<div data-kubevol-demo="statefulset" data-lang="en"></div>\n'
      + '</main></body></html>\n');
    // As the author's shell runs it: its glob names the pages.
    const said = sh(book, 'sh', ['-c', PRERENDER]);
    assert(/index\.html: rendered statefulset #1/.test(said), `kubevol-prerender said:\n${said}`);
    const html = readFileSync(join(site, 'index.html'), 'utf8');
    assert(html.includes('data-kubevol-rendered') && html.includes('data-kubevol-root'), 'the page holds its screen');
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
  ['kubevol-prerender on a folder fills a page in a subfolder; a mistake fails it, --no-strict writes it', async () => {
    const site = join(book, 'folder');
    mkdirSync(join(site, 'guide'), { recursive: true });
    const page = (body) => `<!doctype html>\n<html lang="en-US"><head><meta charset="utf-8">\n${HEAD}`
      + `<title>A page</title></head>\n<body><main>\n${body}\n</main></body></html>\n`;
    writeFileSync(join(site, 'guide/page.html'), page('<div data-kubevol-demo="csi" />\n<p>Text after the demo.</p>'));
    const npx = (...args) => {
      const said = spawnSync('npx', ['kubevol-prerender', ...args], { cwd: book, env: AUTHOR, encoding: 'utf8' });
      return { status: said.status, out: `${said.stdout}${said.stderr}`, stdout: said.stdout };
    };
    const filled = npx('folder');
    assertEq(filled.status, 0, `exit status:\n${filled.out}`);
    assert(filled.out.includes('folder/guide/page.html: rendered csi #1'), `it says what it filled:\n${filled.out}`);
    const html = readFileSync(join(site, 'guide/page.html'), 'utf8');
    assert(/data-kubevol-rendered><div data-kubevol-root="csi" lang="en"[\s\S]*<\/div>\n<p>Text after/.test(html),
      `the self-closing placeholder holds the screen in the page's language, the text after it outside:\n${html}`);
    const lines = page(MISTAKE_HTML.join('\n')).split('\n');
    writeFileSync(join(site, 'mistakes.html'), lines.join('\n'));
    const strict = npx('folder');
    assertEq(strict.status, 1, `exit status with a mistake:\n${strict.out}`);
    const errors = faultsSaid(strict.out, 'error');
    const expected = MISTAKE_HTML.map((m) => `folder/mistakes.html:${lines.indexOf(m) + 1}`);
    assertEq([...errors.keys()].join('\n'), expected.join('\n'), `the pages and lines said:\n${strict.out}`);
    assert(!readFileSync(join(site, 'mistakes.html'), 'utf8').includes('data-kubevol-rendered'), 'no page written');
    const loose = npx('--no-strict', 'folder');
    assertEq(loose.status, 0, `exit status with --no-strict:\n${loose.out}`);
    const warned = faultsSaid(loose.out, 'warning');
    assertEq([...warned.keys()].join('\n'), expected.join('\n'), 'the same faults, as warnings');
    const server = await startServer(site);
    try {
      const texts = await demoTexts(`${server.url}/mistakes.html`);
      expected.forEach((where, i) => {
        for (const message of warned.get(where).split('\n')) {
          assert(texts[i].includes(message), `demo ${i + 1} says ${message}`);
        }
      });
    } finally {
      await server.close();
    }
    const help = npx('--help');
    assert(help.stdout.includes('--no-strict') && help.stdout.endsWith('.\n'), `--help, ending its line:\n${help.out}`);
    assertEq(npx('--copy').status, 2, 'the exit status of an unknown option');
  }],
  ['the declarations of every entry compile under tsc --strict in the book', async () => {
    writeFileSync(join(book, 'check.ts'), `import {
  getState, mountDemo, unmountDemo, type DemoChange, type Scenario,
} from 'kubevol-lab';
import { KubevolDemo } from 'kubevol-lab/vue';
import { withKubevol, kubevolMarkdown } from 'kubevol-lab/vitepress';
import { copyAssets, fillHtml, renderDemo, renderScreen, type Fault } from 'kubevol-lab/prerender';
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
export const loose = withKubevol(defineConfig({ lang: 'ja-JP' }), { strict: false, lang: 'ja' });
// @ts-expect-error: strict is true or false
withKubevol(defineConfig({}), { strict: 'no' });
export const hook: (md: Parameters<typeof kubevolMarkdown>[0]) => void = kubevolMarkdown;
export const ownHook = (md: Parameters<typeof kubevolMarkdown>[0]) =>
  kubevolMarkdown(md, { strict: false, lang: 'en' });
export const component = KubevolDemo;
const filled: string = fillHtml('<div data-kubevol-demo="csi"></div>').html + renderDemo({ kind: 'csi', lang: 'en' });
const faults: Fault[] = fillHtml('<div data-kubevol-demo="csi"></div>', { pageLang: 'en-US', line: 3 }).faults;
const said: string[] = renderScreen({ kind: 'csi', pageLang: 'ja' }).faults
  .concat(faults.map((f) => \`\${f.line}: \${f.message}\`));
export const copied: string[] = copyAssets('out').concat(filled, said);
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
      said = sh(book, join(book, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '--pretty', 'false',
        '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'esnext,dom',
        '--types', 'node', 'check.ts']);
    } catch (e) {
      said = `${e.stdout}${e.stderr}`;
    }
    const errors = said.split('\n').filter((l) => /error TS\d+/.test(l));
    const ours = errors.filter((l) => l.startsWith('check.ts') || l.startsWith('node_modules/kubevol-lab/'));
    assertEq(ours.join('\n'), '', 'tsc --strict errors in the file or in the package\'s declarations');
    console.log(`  tsc --strict: no error in check.ts or kubevol-lab's declarations; ${errors.length} in`
      + ' other packages\' declarations');
  }],
]);
await browser.close();
rmSync(work, { recursive: true, force: true });
