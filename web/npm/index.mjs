// kubevol-lab's page script API for a page built with a bundler (`import { mountDemo } from
// 'kubevol-lab'`): mountDemo, unmountDemo and getState, as kubevol.js exports them.
//
// Why it does not bundle kubevol.js: the loader finds the demos' parts beside its own URL, and a
// page has one loader whose module holds every demo the page shows. A bundled copy would look for
// its parts beside the page's chunk and hold demos of its own. So this asks the page's loader
// itself: the module script the page's head includes (withKubevol puts it there, under the site's
// base), imported by the same URL, which the browser resolves to the same module.
//
// Safe to import in a server render: nothing here touches the document until a function is called.

let loaded;

/** The URL of the page's loader: its head's module script, else `src`, else kubevol/ at the root. */
export function loaderUrl(src) {
  const script = document.querySelector('script[type="module"][src$="/kubevol.js"]');
  return src ?? script?.src ?? '/kubevol/kubevol.js';
}

/** The page's loader module (kubevol.js), imported once. */
export function loader(src) {
  loaded ??= import(/* @vite-ignore */ loaderUrl(src));
  return loaded;
}

export async function mountDemo(element, kindOrOptions, lang) {
  return (await loader()).mountDemo(element, kindOrOptions, lang);
}

export async function unmountDemo(element) {
  return (await loader()).unmountDemo(element);
}

export async function getState(element) {
  return (await loader()).getState(element);
}

export async function mountedDemos() {
  return (await loader()).mountedDemos();
}
