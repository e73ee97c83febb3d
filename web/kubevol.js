// The one script a page includes to get kubevol-lab demos (plus kubevol.css in its <head>):
//   <link rel="stylesheet" href="/kubevol/kubevol.css">
//   <script type="module" src="/kubevol/kubevol.js"></script>
//
// Each kind of demo is built as a wasm module of its own (kubevol-csi, kubevol-statefulset,
// kubevol-topology), and kubevol-lab carries all three. A book chapter's page shows one kind, so
// it downloads only that kind's module; a page that mixes kinds downloads kubevol-lab. Either way
// a page fetches one wasm, once, however many demos it has. Starting a module mounts a demo into
// every [data-kubevol-demo] placeholder it carries; `mountDemo` mounts one into an element a page
// creates later.
const KINDS = ['csi', 'statefulset', 'topology'];
const EVERY_KIND = 'kubevol-lab';
const moduleOf = (kind) => `kubevol-${kind}`;
const carries = (name, kind) => name === EVERY_KIND || name === moduleOf(kind);

const started = new Map(); // module name -> promise of its exports, once started

function start(name) {
  if (!started.has(name)) {
    started.set(name, import(`./${name}.js`).then(async (module) => {
      await module.default({ module_or_path: new URL(`./${name}_bg.wasm`, import.meta.url) });
      return module;
    }));
  }
  return started.get(name);
}

// The module for the kinds on the page. Placeholders with an unknown kind do not count: any
// module can explain them, so they need no module of their own.
function moduleFor(kinds) {
  const known = [...new Set(kinds.map((k) => (k ?? '').trim()))].filter((k) => KINDS.includes(k));
  if (known.length === 1) return moduleOf(known[0]);
  return known.length === 0 ? moduleOf(KINDS[0]) : EVERY_KIND;
}

const placeholders = [...document.querySelectorAll('[data-kubevol-demo]')];
if (placeholders.length > 0) start(moduleFor(placeholders.map((el) => el.getAttribute('data-kubevol-demo'))));

/** Mounts demo `kind` ("csi", "statefulset", "topology") in `lang` ("ja" or "en") into `element`. */
export async function mountDemo(element, kind, lang) {
  const wanted = (kind ?? '').trim();
  const names = [...started.keys()];
  // A malformed kind is explained by whichever module is there already.
  const name = KINDS.includes(wanted) ? names.find((n) => carries(n, wanted)) ?? moduleOf(wanted) : names[0] ?? moduleFor([]);
  (await start(name)).mount(element, kind, lang);
}

/** Makes the demo in `element` panic, to see that the rest of the page survives it. */
export async function panicForTest(element) {
  for (const module of await Promise.all(started.values())) {
    if (module.panicForTest(element)) return true;
  }
  return false;
}
