// The one script a page includes to get kubevol-lab demos (plus kubevol.css in its <head>):
//   <link rel="stylesheet" href="/kubevol/kubevol.css">
//   <script type="module" src="/kubevol/kubevol.js"></script>
// It fetches the wasm once; starting the module mounts a demo into every [data-kubevol-demo]
// placeholder already on the page. `mountDemo` mounts one into an element a page creates later.
import init, { mount, panicForTest as panicInWasm } from './kubevol-lab.js';

const ready = init({ module_or_path: new URL('./kubevol-lab_bg.wasm', import.meta.url) });

/** Mounts demo `kind` ("csi", "statefulset", "topology") in `lang` ("ja" or "en") into `element`. */
export async function mountDemo(element, kind, lang) {
  await ready;
  mount(element, kind, lang);
}

/** Makes the demo in `element` panic, to see that the rest of the page survives it. */
export async function panicForTest(element) {
  await ready;
  return panicInWasm(element);
}
