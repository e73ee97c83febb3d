// Puts each demo's first screen into built HTML pages, so a reader sees the demo with the page's
// first paint, before any of its code has arrived (and with JavaScript off):
//   node kubevol/kubevol-prerender.mjs dist/**/*.html
// Run it after a site's build, over the pages it wrote: every placeholder
// (`<div data-kubevol-demo="csi" data-lang="ja">`) gets the demo's first screen rendered inside it
// and a `data-kubevol-rendered` mark; kubevol.js makes it live when its code arrives. Running it
// twice changes nothing: a rendered placeholder is rendered again, to the same bytes.
//
// The rendering is the demos' own components, through Leptos's server side, in a wasm module for
// Node beside this file (crates/render: kubevol-render.cjs and kubevol-render_bg.wasm). Left as
// they are: an element a script mounts (`data-kubevol-script`, as the Vue component's) and a
// malformed placeholder (the browser says what is wrong in its place). A lab view is rendered with
// its folds open, each saying its part is loading: those parts are the browser's to fetch.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const renderer = require('./kubevol-render.cjs');

const KIND_ATTR = 'data-kubevol-demo';
export const RENDERED_ATTR = 'data-kubevol-rendered';

/**
 * The first screen of a demo, as a placeholder with these attributes would show it, or throws why
 * not. `scenario` (a plain object in the replay format, as `mountDemo` takes) opens it at that
 * moment, replayed here by the demo's own model. `level` (a built-in level's id, as `data-level`
 * names it, or a level written as an object) opens it in that level, its Practice fold open.
 */
export function renderDemo({ kind, lang, preset, view, nth = 1, scenario, level }) {
  const asked = level === undefined || level === null ? undefined : typeof level === 'string' ? level : JSON.stringify(level);
  return renderer.renderDemo(kind, lang ?? undefined, preset ?? undefined, view ?? undefined, nth, scenario ?? undefined, asked);
}

/**
 * `value` as a JavaScript string literal that can stand in an HTML attribute quoted with `'` and
 * in a Vue template's expression: no quote, tag or entity the template's parser would read.
 */
export function scriptString(value) {
  return JSON.stringify(value).replace(/[<>&'\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The presets a page can ask `kind` for (`data-preset`), `null` (the default) first. */
export function presets(kind) {
  return renderer.presets(kind);
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decode = (value) => value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name) => ENTITIES[name]);

// The attributes of the opening tag that starts at `at` (`<div ...>`), and where the tag ends.
export function openingTag(html, at) {
  const name = /^<([a-zA-Z][\w-]*)/.exec(html.slice(at, at + 64))?.[1];
  if (!name) return undefined;
  const attrs = new Map();
  const attr = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+)))?|\s*(\/?>)/y;
  attr.lastIndex = at + 1 + name.length;
  for (;;) {
    const m = attr.exec(html);
    if (!m) return undefined;
    if (m[5]) return { name: name.toLowerCase(), attrs, end: attr.lastIndex, selfClosing: m[5] === '/>' };
    attrs.set(m[1].toLowerCase(), decode(m[2] ?? m[3] ?? m[4] ?? ''));
  }
}

// Where the element whose opening tag ends at `from` closes: the index of its `</name>`.
function closingTag(html, name, from) {
  const tags = new RegExp(`<!--[\\s\\S]*?-->|<(/?)${name}(?=[\\s/>])[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m; (m = tags.exec(html));) {
    if (m[0].startsWith('<!--') || m[0].endsWith('/>')) continue;
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return undefined;
}

/**
 * `html` with every placeholder's demo rendered in it, and what was done: `{ html, rendered,
 * left }` (`left` lists the placeholders left for the browser, with the reason). With `vue`, for a
 * Vue template (a VitePress page's Markdown), the screen goes into the placeholder's `v-html`
 * instead: Vue's hydration never looks inside such an element, so it neither removes nor
 * duplicates a demo that went live first, and the page's client render writes the same screen.
 * `nth` counts the page's demos of each kind so far, for a page filled in pieces.
 */
export function fillHtml(html, { vue = false, nth = new Map() } = {}) {
  const found = [];
  const marker = new RegExp(`<[a-zA-Z][\\w-]*\\s[^<>]*?\\b${KIND_ATTR}\\b`, 'g');
  let out = '';
  let copied = 0;
  const left = [];
  for (let m; (m = marker.exec(html));) {
    if (m.index < copied) continue; // inside a placeholder already handled
    const tag = openingTag(html, m.index);
    if (!tag || !tag.attrs.has(KIND_ATTR)) continue;
    const kind = tag.attrs.get(KIND_ATTR).trim();
    const place = (nth.get(kind) ?? 0) + 1;
    nth.set(kind, place);
    if (tag.selfClosing) continue;
    const close = closingTag(html, tag.name, tag.end);
    if (close === undefined) {
      left.push(`${kind} #${place}: its element is never closed`);
      continue;
    }
    if (tag.attrs.has('data-kubevol-script')) {
      left.push(`${kind} #${place}: a script mounts it (data-kubevol-script)`);
      continue;
    }
    let screen;
    try {
      screen = renderDemo({ kind, lang: tag.attrs.get('data-lang'), preset: tag.attrs.get('data-preset'), view: tag.attrs.get('data-view'), level: tag.attrs.get('data-level'), nth: place });
    } catch (reason) {
      left.push(`${kind} #${place}: ${reason}`);
      continue;
    }
    let open = html.slice(m.index, tag.end);
    if (!tag.attrs.has(RENDERED_ATTR)) open = open.replace(/\s*>$/, ` ${RENDERED_ATTR}>`);
    if (vue) open = open.replace(/>$/, ` v-html='${scriptString(screen)}'>`);
    out += html.slice(copied, m.index) + open + (vue ? '' : screen);
    copied = close;
    marker.lastIndex = close;
    found.push(`${kind} #${place}`);
  }
  return { html: out + html.slice(copied), rendered: found, left };
}

/** Fills the placeholders of each file in place; returns what was done, per file. */
export function fillFiles(files) {
  return files.map((path) => {
    const before = readFileSync(path, 'utf8');
    const { html, rendered, left } = fillHtml(before);
    if (html !== before) writeFileSync(path, html);
    return { path, rendered, left, changed: html !== before };
  });
}

/** Says, a line per file, what `fillFiles` did. */
export function report(results, log = console.log) {
  for (const { path, rendered, left, changed } of results) {
    const done = rendered.length ? `rendered ${rendered.join(', ')}` : 'no placeholder rendered';
    log(`kubevol-prerender: ${path}: ${done}${changed ? '' : ' (unchanged)'}`);
    for (const why of left) log(`  left for the browser: ${why}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node kubevol-prerender.mjs FILE.html...');
    process.exit(2);
  }
  report(fillFiles(files));
}
