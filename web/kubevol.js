// The one script a page includes to get kubevol-lab demos:
//   <script type="module" src="/kubevol/kubevol.js"></script>
// It fetches the wasm once; starting the module mounts a demo into every [data-kubevol-demo]
// placeholder already on the page. `mountDemo` mounts one into an element a page creates later.
import init, { mount } from './kubevol-lab.js';

const ready = init({ module_or_path: new URL('./kubevol-lab_bg.wasm', import.meta.url) });

export async function mountDemo(element, kind, lang) {
  await ready;
  mount(element, kind, lang);
}
