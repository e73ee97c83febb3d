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
//   the Markdown (a `:scenario` or a `:level` too, when it is written out as JSON): its first screen goes into its
//   `rendered` prop, which the component shows until the demo is live. One bound to a page's
//   variable is left to the browser, as before.
// kubevol.js then makes each one live over its screen, when its code arrives.
import { copyFileSync, createReadStream, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillHtml, openingTag, renderDemo, scriptString } from './kubevol-prerender.mjs';

const COMPONENT = /<KubevolDemo(?=[\s/>])/g;
const STATIC_PROPS = { kind: 'kind', lang: 'lang', preset: 'preset', view: 'view' };
const NTH = Symbol('kubevol: the demos of each kind on this page so far');

// The component's tag with its `rendered` prop, or the tag as it was when its props are not all
// written out (or its demo is not one to render at build time).
function component(tag, source, nth) {
  const props = {};
  for (const [name, value] of tag.attrs) {
    const bare = name.replace(/^(:|v-bind:)/, '');
    if (bare in STATIC_PROPS) {
      if (bare !== name) return source; // bound to the page's script
      props[bare] = value;
    } else if (bare === 'scenario' || bare === 'level') {
      // A level may be a built-in level's id, written as a plain attribute.
      if (bare === name && bare === 'level') {
        props.level = value;
        continue;
      }
      if (bare === name) return source; // a string, which the component refuses anyway
      try {
        props[bare] = JSON.parse(value);
      } catch {
        return source; // a variable or an expression of the page's script
      }
    } else if (bare === 'rendered') {
      return source;
    }
  }
  if (!props.kind) return source;
  const place = (nth.get(props.kind.trim()) ?? 0) + 1;
  nth.set(props.kind.trim(), place);
  let screen;
  try {
    screen = renderDemo({ ...props, nth: place });
  } catch {
    return source; // the browser says what is wrong, in the demo's place
  }
  return source.replace(/^<KubevolDemo/, `<KubevolDemo :rendered='${scriptString(screen)}'`);
}

/** `html` (one HTML block of a page's Markdown) with its demos rendered in. */
export function fillBlock(html, nth = new Map()) {
  let out = fillHtml(html, { vue: true, nth }).html;
  let result = '';
  let copied = 0;
  for (let m; (m = COMPONENT.exec(out));) {
    const tag = openingTag(out, m.index);
    if (!tag) continue;
    result += out.slice(copied, m.index) + component(tag, out.slice(m.index, tag.end), nth);
    copied = tag.end;
  }
  COMPONENT.lastIndex = 0;
  out = result + out.slice(copied);
  return out;
}

/** The Markdown hook: VitePress's `markdown.config`. */
export function kubevolMarkdown(md) {
  for (const rule of ['html_block', 'html_inline']) {
    const original = md.renderer.rules[rule];
    md.renderer.rules[rule] = (tokens, idx, options, env, self) => {
      const html = original ? original(tokens, idx, options, env, self) : tokens[idx].content;
      if (!html.includes('data-kubevol-demo') && !html.includes('<KubevolDemo')) return html;
      env[NTH] ??= new Map();
      return fillBlock(html, env[NTH]);
    };
  }
}

// The demos' files a page fetches (the loader, the stylesheet, kubevol-files.json and every part),
// beside this module in the package.
const ASSETS = new URL('../assets/', import.meta.url);
const STABLE = ['kubevol.js', 'kubevol.css', 'kubevol-files.json'];
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm' };
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

/**
 * `config` (a VitePress config, as defineConfig returns it) with kubevol-lab added: the Markdown
 * hook (unless `render: false`), the stylesheet and the loader in `head`, and the plugin that
 * serves and emits the demos' files under `base` + `dir` (default `kubevol/`). What the config
 * already sets stays: its own Markdown hook runs first, its head entries and plugins come first.
 */
export function withKubevol(config = {}, { dir = 'kubevol/', render = true } = {}) {
  const at = slashed(config.base ?? '/') + slashed(dir).slice(1);
  const markdown = config.markdown ?? {};
  const own = markdown.config;
  const vite = config.vite ?? {};
  const optimizeDeps = vite.optimizeDeps ?? {};
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
          kubevolMarkdown(md);
        },
      }
      : markdown,
    vite: {
      ...vite,
      plugins: [...(vite.plugins ?? []), kubevolFiles({ base: config.base, dir })],
      // Served as it is in `vitepress dev`, not pre-bundled: the component and the script API
      // import the page's loader by its URL, which no bundler may follow.
      optimizeDeps: { ...optimizeDeps, exclude: [...(optimizeDeps.exclude ?? []), 'kubevol-lab'] },
    },
  };
}
