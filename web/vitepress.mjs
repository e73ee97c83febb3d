// kubevol-lab in a VitePress book (`kubevol-lab/vitepress`). In .vitepress/config.mts:
//
//   import { defineConfig } from 'vitepress'
//   import { withKubevol } from 'kubevol-lab/vitepress'
//   export default withKubevol(defineConfig({ /* the book's own config */ }))
//
// withKubevol adds what a book needs and keeps what the book says: the Markdown hook below, the
// stylesheet and the loader in every page's head, and a Vite plugin that serves the demos' files
// (the package's assets/) in `vitepress dev` and writes them into the built site, both under the
// book's `base` (VitePress puts no base before a head entry's URL, so this does).
//
// The Markdown hook renders the demos of a book's pages into the pages themselves, at the book's
// build: a reader sees each demo with the page's first paint, before any of its code has arrived,
// and a chapter reached through the sidebar shows its demo at once.
//
// Why a Markdown hook, and not a pass over the built HTML: VitePress compiles each page's Markdown
// into a Vue component that both its server render (the built HTML) and its client-side render
// (a chapter reached through the sidebar, with no HTML fetched) run. Filling the Markdown's HTML
// puts the demo into both at once; a pass over the built files would miss the second.
//
// What it fills, in the Markdown's HTML blocks:
// - a placeholder (`<div data-kubevol-demo="csi" data-lang="ja"></div>`): its first screen goes
//   into its `v-html`, which Vue's hydration never looks inside, so it neither removes nor
//   duplicates a demo that went live before Vue hydrated;
// - the Vue component (`<KubevolDemo kind="csi" />`, kubevol-lab/vue) whose props are written in
//   the Markdown (a `:scenario` or a `:level` too, when it is written out as JSON): its first
//   screen goes into its `rendered` prop, which the component shows until the demo is live. One
//   bound to a page's variable is left to the browser, as before.
// kubevol.js then makes each one live over its screen, when its code arrives.
//
// A placeholder the demo cannot honour in full (a kind, language, preset, view, level or scenario
// it does not know) fails the book's build, as VitePress fails it on a dead link: every one of the
// book's is said, each with its page, its line and the message its screen gives the reader.
// `strict: false` makes them warnings, and the pages show the messages; `vitepress dev` only warns,
// and the page shows the message, so the author reads it where it is and the server stays up.
//
// The book's language: a placeholder without `data-lang` gets one written, the book's default
// (`lang`, else the page's own, VitePress's `lang` or its locale's): the screen rendered at build
// and the demo that goes live over it then speak the same language.
import { copyFileSync, createReadStream, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  errorScreen, faultLine, lineCounter, openingTag, placeholderAt, renderScreen, replaceDemos, scriptString,
} from './kubevol-prerender.mjs';

const STATIC_PROPS = { kind: 'kind', lang: 'lang', preset: 'preset', view: 'view' };
const NTH = Symbol('kubevol: the demos of each kind on this page so far');
const FAULTS = Symbol('kubevol: the faults of this page so far');
const SOURCE = Symbol('kubevol: the page\'s Markdown, front matter and all');
// Either a placeholder (an element with the attribute) or the component, in the order they come.
const DEMO = /<KubevolDemo(?=[\s/>])|<[a-zA-Z][\w-]*\s[^<>]*?\bdata-kubevol-demo\b/g;

/** The demos' language for a page's (a BCP 47 tag, as `<html lang>` has it): ja for ja*, else en. */
export const demoLang = (lang) => (/^ja(?:[-_]|$)/i.test(String(lang ?? '')) ? 'ja' : 'en');

// The component's tag with its `rendered` prop (and the book's language when it names none), or
// the tag as it was when its props are not all written out, with what its screen could not honour.
function component(tag, source, { nth, lang, pageLang }) {
  const props = {};
  for (const [name, value] of tag.attrs) {
    const bare = name.replace(/^(:|v-bind:)/, '');
    if (bare in STATIC_PROPS) {
      if (bare !== name) return { text: source, faults: [] }; // bound to the page's script
      props[bare] = value;
    } else if (bare === 'scenario' || bare === 'level') {
      // A level may be a built-in level's id, written as a plain attribute.
      if (bare === name && bare === 'level') {
        props.level = value;
        continue;
      }
      if (bare === name) return { text: source, faults: [] }; // a string, which the component refuses anyway
      try {
        props[bare] = JSON.parse(value);
      } catch {
        return { text: source, faults: [] }; // a variable or an expression of the page's script
      }
    } else if (bare === 'rendered') {
      return { text: source, faults: [] };
    }
  }
  if (!props.kind) return { text: source, faults: [] };
  const place = (nth.get(props.kind.trim()) ?? 0) + 1;
  nth.set(props.kind.trim(), place);
  const added = lang && props.lang === undefined ? ` lang="${lang}"` : '';
  let screen;
  let faults;
  try {
    ({ html: screen, faults } = renderScreen({ ...props, lang: props.lang ?? lang, nth: place, pageLang }));
  } catch (reason) {
    // No demo can be drawn: the component shows the message the browser would.
    screen = errorScreen(reason);
    faults = [String(reason)];
  }
  return { text: source.replace(/^<KubevolDemo/, `<KubevolDemo${added} :rendered='${scriptString(screen)}'`), faults };
}

/**
 * `html` (one HTML block of a page's Markdown) with its demos rendered in. `nth` counts the page's
 * demos of each kind so far. Options: `lang`, the book's language, written onto a demo that names
 * none; `pageLang`, the page's `<html lang>`; `line`, the line `html` starts on in its page; and
 * `faults`, an array that gets each fault as `{ line, message }`.
 */
export function fillBlock(html, nth = new Map(), { lang, pageLang, line = 1, faults = [] } = {}) {
  const lineOf = lineCounter(html, line);
  return replaceDemos(html, DEMO, (at, matched) => {
    let found;
    if (matched === '<KubevolDemo') {
      const tag = openingTag(html, at);
      if (!tag) return undefined;
      found = { ...component(tag, html.slice(at, tag.end), { nth, lang, pageLang }), end: tag.end };
    } else {
      found = placeholderAt(html, at, { vue: true, nth, lang, pageLang });
      if (!found) return undefined;
    }
    for (const message of found.faults) faults.push({ line: lineOf(at), message });
    return found;
  });
}

// The lines of a page's front matter, which VitePress takes off before markdown-it reads the page:
// a token's line counts from the Markdown after it.
function frontMatterLines(env) {
  const source = env[SOURCE];
  const content = env.content;
  if (typeof source !== 'string' || typeof content !== 'string' || !source.endsWith(content)) return 0;
  return source.slice(0, source.length - content.length).split('\n').length - 1;
}

// The page as the author finds it: its file (VitePress's `realPath`, before a rewrite) from where
// the build runs, else VitePress's path for it.
const pageOf = (env) => {
  const file = env.realPath ?? env.path;
  return file ? relative(process.cwd(), file) : env.relativePath ?? 'a page';
};

/**
 * The Markdown hook, given `book`: `lang(env)`, the language written onto a page's demo that names
 * none; `pageLang(env)`, the page's `<html lang>`; and `faults(page, faults)`, called once a page
 * is rendered with what its demos could not honour (`{ line, message }`), for the book to say.
 */
function markdownHook(md, book) {
  // The source of each page rendered, for its front matter's lines.
  const render = md.render.bind(md);
  md.render = (src, env = {}) => {
    env[SOURCE] = src;
    env[NTH] = new Map();
    env[FAULTS] = [];
    const html = render(src, env);
    if (env[FAULTS].length) book.faults(pageOf(env), env[FAULTS]);
    return html;
  };
  // markdown-it gives a line to a block, not to the HTML inside a paragraph: each such piece gets
  // its paragraph's line and the line breaks before it.
  md.core.ruler.push('kubevol_lines', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'inline' || !token.map || !token.children) continue;
      let line = token.map[0];
      for (const child of token.children) {
        if (child.type === 'html_inline') child.map ??= [line, line + 1];
        if (child.type === 'softbreak' || child.type === 'hardbreak') line++;
        else if (child.type === 'html_inline') line += child.content.split('\n').length - 1;
      }
    }
  });
  for (const rule of ['html_block', 'html_inline']) {
    const original = md.renderer.rules[rule];
    md.renderer.rules[rule] = (tokens, idx, options, env, self) => {
      const html = original ? original(tokens, idx, options, env, self) : tokens[idx].content;
      if (!html.includes('data-kubevol-demo') && !html.includes('<KubevolDemo')) return html;
      env[NTH] ??= new Map();
      const faults = [];
      const line = frontMatterLines(env) + (tokens[idx].map?.[0] ?? 0) + 1;
      const out = fillBlock(html, env[NTH], { lang: book.lang(env), pageLang: book.pageLang(env), line, faults });
      // Rendered outside md.render (a theme's own call of the renderer): said at once.
      if (env[FAULTS]) env[FAULTS].push(...faults);
      else if (faults.length) book.faults(pageOf(env), faults);
      return out;
    };
  }
}

// The faults of a page (`{ line, message }`) as lines the author reads.
const faultLines = (page, faults, strict) =>
  faults.map(({ line, message }) => faultLine(`${page}:${line}`, message, strict));

// What a page's render throws when its placeholders have faults.
const faultsError = (lines) => new Error(`kubevol-lab: ${lines.length} fault(s) in the page's demos (a placeholder`
  + ' the demo cannot honour in full; kubevolMarkdown(md, { strict: false }) makes them warnings):\n'
  + lines.join('\n'));

/**
 * The Markdown hook alone: VitePress's `markdown.config`, for a config withKubevol does not wrap.
 * `lang` (ja or en, by default en) is written onto a placeholder with no `data-lang`; with `strict`
 * (the default) a page whose demo has a fault fails to render, its error listing them all.
 */
export function kubevolMarkdown(md, { strict = true, lang = 'en' } = {}) {
  const code = bookLang(lang);
  markdownHook(md, {
    lang: () => code,
    pageLang: () => code,
    faults: (page, faults) => {
      const lines = faultLines(page, faults, strict);
      if (strict) throw faultsError(lines);
      for (const line of lines) console.warn(line);
    },
  });
}

// A book's language as an author writes it for withKubevol: ja or en, or a tag of either.
function bookLang(lang) {
  if (!/^(ja|en)(?:[-_]|$)/i.test(String(lang))) {
    throw new TypeError(`kubevol-lab: lang is "${lang}": the demos speak ja or en`);
  }
  return demoLang(lang);
}

// The demos' files a page fetches (the loader, the stylesheet, kubevol-files.json and every part),
// beside this module in the package.
const ASSETS = new URL('../assets/', import.meta.url);
const STABLE = ['kubevol.js', 'kubevol.css', 'kubevol-files.json'];
const TYPES = {
  '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm',
};
const typeOf = (name) => TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';

// `base` as VitePress reads it: a path that starts and ends with `/`.
const slashed = (path) => `/${path}/`.replace(/\/{2,}/g, '/');

/**
 * The Vite plugin that serves the demos' files at `prefix` (`/base/kubevol/`) in `vitepress dev`
 * and writes them into the built site's `dir`. Only the client build writes them: VitePress's
 * server build goes to a folder it throws away. They are copied once the bundle is written, not
 * emitted into it: VitePress takes the client bundle's first stylesheet for the theme's, and
 * would link kubevol.css in its place.
 */
export function kubevolFiles({ base = '/', dir = 'kubevol/' } = {}) {
  const names = new Set(readdirSync(ASSETS));
  const folder = slashed(dir).slice(1);
  const prefixes = [slashed(base) + folder, `/${folder}`];
  let server = false;
  let outDir;
  return {
    name: 'kubevol-lab',
    configResolved(config) {
      server = Boolean(config.build.ssr);
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(dev) {
      dev.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        const prefix = prefixes.find((p) => path.startsWith(p));
        // The files' names are plain: a name to decode is none of them.
        const name = prefix && path.slice(prefix.length);
        if (!name || !names.has(name)) return next();
        res.setHeader('Content-Type', typeOf(name));
        // Every part is named after its content; the loader, the stylesheet and the list are not.
        res.setHeader('Cache-Control', STABLE.includes(name) ? 'no-cache' : 'public, max-age=31536000, immutable');
        createReadStream(new URL(name, ASSETS)).pipe(res);
      });
    },
    writeBundle() {
      if (server) return;
      mkdirSync(join(outDir, folder), { recursive: true });
      for (const name of names) copyFileSync(fileURLToPath(new URL(name, ASSETS)), join(outDir, folder, name));
    },
  };
}

// Where a book's faults go. In `vitepress build` they wait for the end of the pages' rendering, as
// VitePress's dead links do, and are said together: a strict build then fails, listing them all.
// In `vitepress dev` each page's are warned as it is rendered: a failed render would show the
// author an error overlay instead of the page, whose demo says the fault where it is.
function bookFaults(strict) {
  let serving = false;
  let logger = { warn: (line) => console.warn(line) };
  const pending = new Set();
  const said = new Set();
  return {
    faults(page, faults) {
      const lines = faultLines(page, faults, strict && !serving);
      if (serving) for (const line of lines) logger.warn(line);
      else for (const line of lines) if (!said.has(line)) pending.add(line);
    },
    plugin: {
      name: 'kubevol-lab:faults',
      configResolved(config) {
        serving = config.command === 'serve';
        logger = config.logger;
      },
      // Once every page is rendered (VitePress's client build renders them all; a page rendered
      // again by the server build comes from VitePress's cache, or says what was said already).
      renderStart() {
        const lines = [...pending];
        pending.clear();
        for (const line of lines) said.add(line);
        if (lines.length === 0) return;
        // Each on a line of its own, then the error, as VitePress says its dead links: the error
        // is printed with its stack, which would print a list in it twice.
        for (const line of lines) logger.warn(line);
        if (strict) {
          throw new Error(`kubevol-lab: ${lines.length} fault(s) in the book's demos, listed above (a placeholder the`
            + ' demo cannot honour in full; withKubevol(config, { strict: false }) makes them warnings)');
        }
      },
    },
  };
}

/**
 * `config` (a VitePress config, as defineConfig returns it) with kubevol-lab added: the Markdown
 * hook (unless `render: false`), the stylesheet and the loader in `head`, and the plugin that
 * serves and emits the demos' files under `base` + `dir` (default `kubevol/`). What the config
 * already sets stays: its own Markdown hook runs first, its head entries and plugins come first.
 * `strict: false` makes a demo's fault a warning instead of a failed build; `lang` (ja or en) is
 * the book's language for a demo that names none, by default the page's (its locale's `lang`,
 * else the config's, else VitePress's en-US).
 */
export function withKubevol(config = {}, { dir = 'kubevol/', render = true, strict = true, lang } = {}) {
  const at = slashed(config.base ?? '/') + slashed(dir).slice(1);
  const markdown = config.markdown ?? {};
  const own = markdown.config;
  const vite = config.vite ?? {};
  const optimizeDeps = vite.optimizeDeps ?? {};
  const chosen = lang === undefined ? undefined : bookLang(lang);
  // The page's `<html lang>`, as VitePress writes it: its locale's, else the book's.
  const pageLang = (env) => config.locales?.[env.localeIndex ?? 'root']?.lang ?? config.lang ?? 'en-US';
  const book = bookFaults(strict);
  return {
    ...config,
    head: [
      ...(config.head ?? []),
      ['link', { rel: 'stylesheet', href: `${at}kubevol.css` }],
      ['script', { type: 'module', src: `${at}kubevol.js`, async: '' }],
    ],
    markdown: render
      ? {
        ...markdown,
        config: (md) => {
          own?.(md);
          markdownHook(md, { lang: (env) => chosen ?? demoLang(pageLang(env)), pageLang, faults: book.faults });
        },
      }
      : markdown,
    vite: {
      ...vite,
      plugins: [...(vite.plugins ?? []), kubevolFiles({ base: config.base, dir }), ...(render ? [book.plugin] : [])],
      // Served as it is in `vitepress dev`, not pre-bundled: the component and the script API
      // import the page's loader by its URL, which no bundler may follow.
      optimizeDeps: { ...optimizeDeps, exclude: [...(optimizeDeps.exclude ?? []), 'kubevol-lab'] },
    },
  };
}
