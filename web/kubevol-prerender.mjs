// Puts each demo's first screen into built HTML pages, so a reader sees the demo with the page's
// first paint, before any of its code has arrived (and with JavaScript off):
//   node kubevol/kubevol-prerender.mjs [--no-strict] dist/ page.html...
// Run it after a site's build, over the pages it wrote (a folder: every HTML page under it): every
// placeholder (`<div data-kubevol-demo="csi" data-lang="ja">`) gets the demo's first screen
// rendered inside it and a `data-kubevol-rendered` mark; kubevol.js makes it live when its code
// arrives. Running it twice changes nothing: a rendered placeholder is rendered again, to the same
// bytes.
//
// The rendering is the demos' own components, through Leptos's server side, in a wasm module for
// Node beside this file (crates/render: kubevol-render.cjs and kubevol-render_bg.wasm). A
// placeholder the demo cannot honour in full (a kind, language, preset, view, level or scenario it
// does not know) is a fault: its screen says so to the reader, as the live demo does, and a strict
// run (the default) fails on it, saying where, so the author reads it before a reader does. Left
// as they are: an element a script mounts (`data-kubevol-script`, as the Vue component's) and one
// never closed. A self-closing placeholder (`<div data-kubevol-demo="csi"/>`) is filled as an empty
// one: a browser reads `<div/>` as an opening tag and would put what follows inside the demo. A lab
// view is rendered with its folds open, each saying its part is loading: those parts are the
// browser's to fetch.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const renderer = require('./kubevol-render.cjs');

const KIND_ATTR = 'data-kubevol-demo';
export const RENDERED_ATTR = 'data-kubevol-rendered';

/**
 * The first screen of a demo, as a placeholder with these attributes would show it, and what it
 * could not honour (`{ html, faults }`: each fault is the message the screen shows its reader, in
 * the demo's language). Throws the message when no demo can be drawn at all (an unknown kind).
 * `scenario` (a plain object in the replay format, as `mountDemo` takes) opens it at that moment,
 * replayed here by the demo's own model. `level` (a built-in level's id, as `data-level` names it,
 * or a level written as an object) opens it in that level, its Practice fold open. `pageLang` is
 * the page's language (its `<html lang>`): the demo speaks it when `lang` is not ja or en.
 */
export function renderScreen({ kind, lang, preset, view, nth = 1, scenario, level, pageLang }) {
  const asked = level === undefined || level === null ? undefined
    : typeof level === 'string' ? level : JSON.stringify(level);
  const screen = renderer.renderScreen(kind, lang ?? undefined, preset ?? undefined, view ?? undefined, nth,
    scenario ?? undefined, asked, pageLang ?? undefined);
  return { html: screen.html, faults: [...screen.faults] };
}

/** The first screen's HTML alone (see renderScreen); throws only when no demo can be drawn. */
export function renderDemo(request) {
  return renderScreen(request).html;
}

const escapeText = (text) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);

/**
 * What the browser shows in place of a demo it cannot draw (`message`, the renderer's): the same
 * element kubevol.js mounts there, so the built page and the live one say it alike.
 */
export function errorScreen(message) {
  return `<div class="kv kv-error" role="alert">${escapeText(String(message))}</div>`;
}

/**
 * `value` as a JavaScript string literal that can stand in an HTML attribute quoted with `'` and
 * in a Vue template's expression: no quote, tag or entity the template's parser would read.
 */
export function scriptString(value) {
  const escaped = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return JSON.stringify(value).replace(/[<>&'\u2028\u2029]/g, escaped);
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
 * Where the HTML comment around `at` ends, or undefined when `at` is in none: a placeholder an
 * author commented out is no demo, and no fault.
 */
export function commentEnd(html, at) {
  const open = html.lastIndexOf('<!--', at);
  if (open === -1) return undefined;
  const close = html.indexOf('-->', open + 4);
  return close === -1 ? html.length : close + 3 > at ? close + 3 : undefined;
}

/** The language `<html lang>` gives the page, if it says one. */
export function htmlLang(html) {
  const at = /<html(?=[\s>])/i.exec(html)?.index;
  return at === undefined ? undefined : openingTag(html, at)?.attrs.get('lang');
}

/**
 * A function that gives the line (from `first`) of an index of `text`; each call's index is at or
 * after the one before, so the text is read once.
 */
export function lineCounter(text, first = 1) {
  let at = 0;
  let line = first;
  return (index) => {
    for (; at < index; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
}

/**
 * What becomes of the placeholder whose opening tag starts at `at`, or undefined when there is
 * none. `{ end, text, demo, rendered, left, faults }`: `text` stands for `html.slice(at, end)`;
 * `demo` names it (`kind #n`); `rendered` says whether a screen went in; `left` why not; `faults`
 * what the screen tells its reader it could not honour. Options as fillHtml's.
 */
export function placeholderAt(html, at, { vue = false, nth = new Map(), lang, pageLang } = {}) {
  const tag = openingTag(html, at);
  if (!tag || !tag.attrs.has(KIND_ATTR)) return undefined;
  const kind = tag.attrs.get(KIND_ATTR).trim();
  const place = (nth.get(kind) ?? 0) + 1;
  nth.set(kind, place);
  const demo = `${kind} #${place}`;
  if (tag.attrs.has('data-kubevol-script')) {
    const text = html.slice(at, tag.end);
    return { end: tag.end, text, demo, rendered: false, left: 'a script mounts it (data-kubevol-script)', faults: [] };
  }
  // A book's default language is written onto the placeholder, so the live demo reads the one the
  // screen was rendered in.
  const added = [];
  if (lang && !tag.attrs.has('data-lang')) added.push(`data-lang="${lang}"`);
  let screen;
  let faults;
  try {
    ({ html: screen, faults } = renderScreen({
      kind, lang: tag.attrs.get('data-lang') ?? lang, preset: tag.attrs.get('data-preset'),
      view: tag.attrs.get('data-view'), level: tag.attrs.get('data-level'), nth: place, pageLang,
    }));
  } catch (reason) {
    screen = errorScreen(reason);
    faults = [String(reason)];
  }
  const opening = html.slice(at, tag.end).replace(/\s*\/?>$/, '');
  const close = tag.selfClosing ? tag.end : closingTag(html, tag.name, tag.end);
  if (close === undefined) {
    // Its screen has nowhere to go (a Markdown paragraph's HTML comes a tag at a time), but the
    // live demo will say the same faults: they are the author's to read now.
    const text = `${opening}${added.map((a) => ` ${a}`).join('')}>`;
    return { end: tag.end, text, demo, rendered: false, left: 'its element is never closed', faults };
  }
  if (!tag.attrs.has(RENDERED_ATTR)) added.push(RENDERED_ATTR);
  if (vue) added.push(`v-html='${scriptString(screen)}'`);
  const inside = vue ? '' : screen;
  // `<div/>` gets its closing tag; an element keeps its own, and what was inside goes.
  const text = `${opening}${added.map((a) => ` ${a}`).join('')}>${inside}${tag.selfClosing ? `</${tag.name}>` : ''}`;
  return { end: close, text, demo, rendered: true, left: undefined, faults };
}

/**
 * `html` with every placeholder's demo rendered in it, and what was done: `{ html, rendered, left,
 * faults }` (`left` lists the placeholders left for the browser, with the reason; `faults` what a
 * placeholder's demo tells its reader it could not honour, `{ demo, line, message }`). With `vue`,
 * for a Vue template (a VitePress page's Markdown), the screen goes into the placeholder's `v-html`
 * instead: Vue's hydration never looks inside such an element, so it neither removes nor
 * duplicates a demo that went live first, and the page's client render writes the same screen.
 * `nth` counts the page's demos of each kind so far, for a page filled in pieces; `line` is the
 * line `html` starts on in its file. `pageLang` is the page's language (by default its `<html
 * lang>`); `lang`, when given, is written as the `data-lang` of a placeholder that has none.
 */
export function fillHtml(html, { vue = false, nth = new Map(), lang, pageLang = htmlLang(html), line = 1 } = {}) {
  const marker = new RegExp(`<[a-zA-Z][\\w-]*\\s[^<>]*?\\b${KIND_ATTR}\\b`, 'g');
  const lineOf = lineCounter(html, line);
  const rendered = [];
  const left = [];
  const faults = [];
  const filled = replaceDemos(html, marker, (at) => {
    const found = placeholderAt(html, at, { vue, nth, lang, pageLang });
    if (!found) return undefined;
    if (found.left) left.push(`${found.demo}: ${found.left}`);
    if (found.rendered) rendered.push(found.demo);
    for (const message of found.faults) faults.push({ demo: found.demo, line: lineOf(at), message });
    return found;
  });
  return { html: filled, rendered, left, faults };
}

/**
 * `html` with each demo that a match of `pattern` (a global RegExp) starts written anew:
 * `write(at, matched)` returns `{ end, text }` (the demo's source runs from `at` to `end`, and
 * `text` takes its place), or nothing for a match that is no demo. A match inside a comment, or
 * inside a demo already written, is passed over. The one scan of a page (`fillHtml`) and of a
 * VitePress page's HTML block (vitepress.mjs, `fillBlock`).
 */
export function replaceDemos(html, pattern, write) {
  let out = '';
  let copied = 0;
  pattern.lastIndex = 0;
  for (let m; (m = pattern.exec(html));) {
    if (m.index < copied) continue;
    const comment = commentEnd(html, m.index);
    if (comment !== undefined) {
      pattern.lastIndex = comment;
      continue;
    }
    const found = write(m.index, m[0]);
    if (!found) continue;
    out += html.slice(copied, m.index) + found.text;
    copied = found.end;
    pattern.lastIndex = found.end;
  }
  return out + html.slice(copied);
}

/** The HTML pages under `dir`, in every folder below it, in order of their paths. */
export function pagesUnder(dir) {
  const pages = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    // A link to a folder is not followed: it may lead back up the tree.
    if (entry.isDirectory()) pages.push(...pagesUnder(path));
    else if (entry.isFile() && /\.html?$/i.test(entry.name)) pages.push(path);
  }
  return pages;
}

/**
 * Fills the placeholders of each file in place; returns what was done, per file (`written` says
 * whether it was). With `strict` (the default), a placeholder with a fault stops the run as a
 * failed build does: no file is written, and every fault is in the results.
 */
export function fillFiles(files, { strict = true } = {}) {
  const results = files.map((path) => {
    const before = readFileSync(path, 'utf8');
    const { html, rendered, left, faults } = fillHtml(before);
    return { path, html, rendered, left, faults, changed: html !== before, written: false };
  });
  const refused = strict && results.some((r) => r.faults.length);
  return results.map(({ html, ...result }) => {
    if (result.changed && !refused) {
      writeFileSync(result.path, html);
      result.written = true;
    }
    return result;
  });
}

/** `where`: `message` (where a fault is, `page:line`), as compilers write one. */
export const faultLine = (where, message, strict) => `${where}: ${strict ? 'error' : 'warning'}: ${message}`;

/**
 * Says, a line per file, what `fillFiles` did, and each fault as `page:line: error: message`
 * (`warning` when not strict) through `warn`.
 */
export function report(results, { log = console.log, warn = console.error, strict = true } = {}) {
  for (const { path, rendered, left, faults, changed, written } of results) {
    const verb = changed && !written ? 'not written, would render' : 'rendered';
    const done = rendered.length ? `${verb} ${rendered.join(', ')}` : 'no placeholder to render';
    log(`kubevol-prerender: ${path}: ${done}${changed ? '' : ' (unchanged)'}`);
    for (const why of left) log(`  skipped ${why}`);
    for (const { line, message } of faults) warn(faultLine(`${path}:${line}`, message, strict));
  }
  const faults = results.reduce((n, r) => n + r.faults.length, 0);
  if (faults && strict) {
    warn(`kubevol-prerender: ${faults} fault(s) in the placeholders above: no page written (with --no-strict, each`
      + ' demo says its fault on the page)');
  }
}

/**
 * The command: fills the pages named (a folder: every HTML page under it) and says what it did.
 * Returns its exit status: 0 done, 1 a fault in a strict run (or a page it cannot read or write),
 * 2 a path that is neither a page nor a folder.
 */
export function prerender(paths, { strict = true, log = console.log, warn = console.error } = {}) {
  const files = [];
  for (const path of paths) {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      warn(`kubevol-prerender: no such page or folder: ${path}`);
      return 2;
    }
    if (!stat.isDirectory()) {
      files.push(path);
      continue;
    }
    const pages = pagesUnder(path);
    if (pages.length === 0) log(`kubevol-prerender: ${path}: no HTML page under it`);
    files.push(...pages);
  }
  let results;
  try {
    results = fillFiles(files, { strict });
  } catch (error) {
    warn(`kubevol-prerender: ${error.message}`);
    return 1;
  }
  report(results, { log, warn, strict });
  return strict && results.some((r) => r.faults.length) ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const strict = !args.includes('--no-strict');
  const paths = args.filter((a) => a !== '--no-strict');
  if (paths.length === 0 || paths.some((p) => p.startsWith('-'))) {
    console.error('usage: node kubevol-prerender.mjs [--no-strict] FILE.html|DIR...');
    process.exit(2);
  }
  process.exitCode = prerender(paths, { strict });
}
