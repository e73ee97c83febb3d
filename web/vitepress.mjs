// Renders the demos of a VitePress book's pages into the pages themselves, at the book's build:
// a reader sees each demo with the page's first paint, before any of its code has arrived, and a
// chapter reached through the sidebar shows its demo at once. In .vitepress/config.mts:
//
//   import { kubevolMarkdown } from '../public/kubevol/vitepress.mjs';
//   export default defineConfig({ markdown: { config: kubevolMarkdown }, ... });
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
// - the Vue component (`<KubevolDemo kind="csi" />`) whose props are written in the Markdown (a
//   `:scenario` too, when it is written out as JSON): its first screen goes into its `rendered`
//   prop, which the component shows until the demo is live. One bound to a page's variable is
//   left to the browser, as before.
// kubevol.js then makes each one live over its screen, when its code arrives.
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
    } else if (bare === 'scenario') {
      if (bare === name) return source; // a string, which the component refuses anyway
      try {
        props.scenario = JSON.parse(value);
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
