// The one script a page includes to get kubevol-lab demos (plus kubevol.css in its <head>):
//   <link rel="stylesheet" href="/kubevol/kubevol.css">
//   <script type="module" src="/kubevol/kubevol.js"></script>
//
// Each kind of demo is built as a wasm module of its own (kubevol-csi, kubevol-statefulset,
// kubevol-topology), and kubevol-lab carries all three. A book chapter's page shows one kind, so
// it downloads only that kind's module; a page that mixes kinds downloads kubevol-lab. A module is
// fetched once however many demos use it, and a demo of a kind no started module carries brings
// its own. Placeholders ([data-kubevol-demo]) are mounted when the page loads and whenever they
// appear later (client-side navigation, script-rendered pages); `mountDemo` mounts a demo into an
// element of the page's choosing.
const KINDS = ['csi', 'statefulset', 'topology'];
const EVERY_KIND = 'kubevol-lab';
const PLACEHOLDER = '[data-kubevol-demo]:not([data-kubevol-mounted])';
const moduleOf = (kind) => `kubevol-${kind}`;
const carries = (name, kind) => name === EVERY_KIND || name === moduleOf(kind);
const kindOf = (element) => (element.getAttribute('data-kubevol-demo') ?? '').trim();

const started = new Map(); // module name -> promise of its exports, once its wasm has started

// Starting a module mounts every placeholder it carries (and explains malformed ones). A module
// that failed to load is forgotten, so a later request tries again.
function start(name) {
  if (!started.has(name)) {
    const loading = import(`./${name}.js`).then(async (module) => {
      await module.default({ module_or_path: new URL(`./${name}_bg.wasm`, import.meta.url) });
      return module;
    });
    loading.catch(() => started.delete(name));
    started.set(name, loading);
  }
  return started.get(name);
}

// The started module that can serve `kind`: one that carries it, or for a malformed kind any
// module at all, since every module can explain it.
function startedFor(kind) {
  const names = [...started.keys()];
  return KINDS.includes(kind) ? names.find((n) => carries(n, kind)) : names[0];
}

// The module to start for kinds no started module serves: the kind's own when there is one,
// kubevol-lab when they are several. Malformed kinds need no module of their own.
function moduleFor(kinds) {
  const known = [...new Set(kinds)].filter((k) => KINDS.includes(k));
  if (known.length === 1) return moduleOf(known[0]);
  return known.length === 0 ? moduleOf(KINDS[0]) : EVERY_KIND;
}

const failed = (error) => console.error('kubevol: a demo module failed to load', error);

// Mounts every placeholder not mounted yet: through a started module that serves it, else by
// starting one module for all of the rest.
function mountWaiting() {
  const rest = [];
  for (const element of document.querySelectorAll(PLACEHOLDER)) {
    const name = startedFor(kindOf(element));
    if (name === undefined) {
      rest.push(kindOf(element));
      continue;
    }
    started.get(name).then((module) => {
      try {
        module.mount(element, element.getAttribute('data-kubevol-demo') ?? '', element.getAttribute('data-lang'));
      } catch (error) {
        console.warn(error); // the message is shown in the placeholder too
      }
    }, failed);
  }
  if (rest.length > 0) start(moduleFor(rest)).catch(failed);
}

mountWaiting();
// Placeholders added later; a demo's own DOM updates never contain one, so they cost one check.
new MutationObserver((records) => {
  const added = records.some((r) => [...r.addedNodes].some((n) => n.nodeType === 1
    && (n.matches('[data-kubevol-demo]') || n.querySelector('[data-kubevol-demo]'))));
  if (added) mountWaiting();
}).observe(document.documentElement, { childList: true, subtree: true });

/** Mounts demo `kind` ("csi", "statefulset", "topology") in `lang` ("ja" or "en") into `element`. */
export async function mountDemo(element, kind, lang) {
  const wanted = (kind ?? '').trim();
  const name = startedFor(wanted) ?? moduleFor([wanted]);
  (await start(name)).mount(element, kind, lang);
}

/** Makes the demo in `element` panic, to see that the rest of the page survives it. */
export async function panicForTest(element) {
  for (const result of await Promise.allSettled(started.values())) {
    if (result.status === 'fulfilled' && result.value.panicForTest(element)) return true;
  }
  return false;
}
