// A kubevol-lab demo as a Vue component (`kubevol-lab/vue`), for VitePress books and any Vue 3 app.
// In a VitePress book, register it in .vitepress/theme/index.ts:
//
//   import DefaultTheme from 'vitepress/theme';
//   import { KubevolDemo } from 'kubevol-lab/vue';
//   export default { extends: DefaultTheme, enhanceApp: ({ app }) => app.component('KubevolDemo', KubevolDemo) };
//
// then write <KubevolDemo kind="csi" /> in Markdown. The page includes kubevol.css and kubevol.js
// in its head (withKubevol puts them there); this component asks that same loader to mount its demo.
//
// Why it is shaped like this:
// - A render function, not a single-file component: it needs no compiler, so Node imports it as it
//   is in a server render, and any bundler takes it.
// - It renders one element, with the attributes a placeholder has: the stylesheet reserves the
//   demo's height from them before any script runs. `data-kubevol-script` tells the loader's own
//   scan that this component mounts it.
// - What it holds until the demo is live is `rendered`: the demo's first screen, which the book's
//   Markdown hook (kubevol-lab/vitepress) renders at build time when the props are written in the
//   Markdown; else nothing. It is the element's innerHTML (a template's v-html), which hydration
//   never looks inside: a demo that went live first is neither removed nor duplicated.
// - It mounts on onMounted (in the browser only), takes the demo down on onBeforeUnmount, and
//   mounts it again when a prop changes: a demo starts from its props, as a placeholder does.
// - It asks for `kubevol:change` only when the parent listens (@change): the code that writes the
//   events is a part of the wasm a page without a listener never fetches.
import { defineComponent, getCurrentInstance, h, onBeforeUnmount, onMounted, ref, watch } from 'vue';
import { loader } from './index.mjs';

export const KubevolDemo = defineComponent({
  name: 'KubevolDemo',
  props: {
    /** "csi", "statefulset" or "topology". */
    kind: { type: String, required: true },
    /** "ja" or "en"; by default the page's `<html lang>` (a book's build writes its default in). */
    lang: { type: String, default: undefined },
    /** A scenario the demo starts from, as data-preset names it. */
    preset: { type: String, default: undefined },
    /** "lab" opens every fold. */
    view: { type: String, default: undefined },
    /** A moment to open, in the replay format ({setup, actions, moment}); getState gives one. */
    scenario: { type: Object, default: undefined },
    /** A level to open the demo in: a built-in level's id, or a level written as an object. */
    level: { type: [String, Object], default: undefined },
    /** Where kubevol.js is, when the page's head does not include it. */
    src: { type: String, default: undefined },
    /** The demo's first screen as HTML, which the Markdown hook writes at build time; not written by hand. */
    rendered: { type: String, default: undefined },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const host = ref(null);
    const instance = getCurrentInstance();
    const listens = () => typeof instance?.vnode.props?.onChange === 'function';
    let listening = false;

    async function mount() {
      const element = host.value;
      if (!element) return;
      const { mountDemo } = await loader(props.src);
      if (host.value !== element) return; // unmounted meanwhile
      try {
        await mountDemo(element, {
          kind: props.kind,
          lang: props.lang,
          preset: props.preset,
          view: props.view,
          // A plain copy: Vue's reactive proxy is not the page's object.
          scenario: props.scenario === undefined ? undefined : JSON.parse(JSON.stringify(props.scenario)),
          level: typeof props.level === 'object' && props.level !== null ? JSON.parse(JSON.stringify(props.level)) : props.level,
          onChange: listening ? (change) => emit('change', change) : undefined,
        });
      } catch (error) {
        console.warn(error); // the demo shows the message too
      }
    }

    async function unmount(element) {
      if (!element) return;
      const { unmountDemo } = await loader(props.src);
      await unmountDemo(element);
    }

    onMounted(() => {
      listening = listens();
      mount();
    });

    onBeforeUnmount(() => {
      const element = host.value;
      host.value = null;
      unmount(element);
    });

    watch(
      () => [props.kind, props.lang, props.preset, props.view, JSON.stringify(props.scenario ?? null), JSON.stringify(props.level ?? null)],
      async () => {
        const element = host.value;
        await unmount(element);
        if (host.value === element) mount();
      },
    );

    return () =>
      h('div', {
        ref: host,
        'data-kubevol-demo': props.kind,
        'data-lang': props.lang,
        'data-preset': props.preset,
        'data-view': props.view,
        'data-level': typeof props.level === 'string' ? props.level : undefined,
        'data-kubevol-rendered': props.rendered === undefined ? undefined : '',
        'data-kubevol-script': '',
        innerHTML: props.rendered,
      });
  },
});

export default KubevolDemo;
