// The one script a page includes to get kubevol-lab demos (plus kubevol.css in its <head>):
//   <link rel="stylesheet" href="/kubevol/kubevol.css">
//   <script type="module" src="/kubevol/kubevol.js" async></script>
//
// Each kind of demo is built as a wasm module of its own (kubevol-csi, kubevol-statefulset,
// kubevol-topology), and kubevol-lab carries all three. A book chapter's page shows one kind, so
// it downloads only that kind's module; a page that mixes kinds downloads kubevol-lab. A module is
// fetched once however many demos use it, and a demo of a kind no started module carries brings
// its own.
//
// Why it is shaped like this:
// - The script is `async`: it runs as soon as it arrives, not after the host page's own scripts,
//   and placeholders that the parser or a router adds later are mounted as they appear.
// - A module's wasm is fetched and compiled while it streams, in parallel with its JS glue: no
//   request waits for another.
// - A book navigates without reloading, so a placeholder can leave the page while its demo runs.
//   Its demo is then unmounted and freed: no timer keeps running, no DOM stays alive.
// - File names carry a content hash (filled in below by scripts/build-modules.sh), so glue and wasm
//   of different builds are never combined; only this script keeps a stable URL.

// Module name -> its hashed files, relative to this script. Written by scripts/build-modules.sh.
const FILES = /* kubevol:files */ {};

const KINDS = ['csi', 'statefulset', 'topology'];
const EVERY_KIND = 'kubevol-lab';
const KIND_ATTR = 'data-kubevol-demo';
// Set by the wasm on a mounted element; set here on an element unmountDemo was asked to empty, so
// the page's placeholders are mounted once and an emptied one stays empty.
const WAITING = `[${KIND_ATTR}]:not([data-kubevol-mounted]):not([data-kubevol-unmounted])`;
// Set here on a placeholder whose module could not be loaded.
const FAILED = 'data-kubevol-failed';
const moduleOf = (kind) => `kubevol-${kind}`;
const carries = (name, kind) => name === EVERY_KIND || name === moduleOf(kind);
const kindOf = (element) => (element.getAttribute(KIND_ATTR) ?? '').trim();

const started = new Map(); // module name -> promise of its exports, once its wasm has started
const memories = new Map(); // module name -> its wasm memory, for wasmMemory()
// Element -> the demo it holds or is about to: { loading: its module's promise, connected: whether
// the element has been in the document since }.
const demos = new Map();

function url(file) {
  return new URL(file, import.meta.url);
}

// Fetches a module's wasm and compiles it as the bytes arrive. A server that sends the wasm with
// another Content-Type cannot stream, so that case compiles the whole body instead.
async function compile(file) {
  const response = await fetch(url(file));
  if (!response.ok) throw new Error(`kubevol: ${file} answered HTTP ${response.status}`);
  if ((response.headers.get('content-type') ?? '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

// Starts a module: its glue and its wasm load side by side, then the wasm is instantiated. A module
// that failed to load is forgotten, so a later request tries again.
function start(name) {
  if (!started.has(name)) {
    const files = FILES[name];
    if (!files) throw new Error(`kubevol: no files for ${name}; was this loader built by scripts/build-modules.sh?`);
    const loading = Promise.all([import(url(files.js).href), compile(files.wasm)]).then(async ([glue, wasm]) => {
      const exports = await glue.default({ module_or_path: wasm });
      memories.set(name, exports.memory);
      return glue;
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

// Resolves with `value` once the work the page has already queued is done. Mounting a demo holds
// the main thread for a moment; when the host page is starting up too (VitePress hydrating), the
// page goes first, so a demo never delays the page around it.
function afterPageWork(value) {
  return new Promise((resolve) => {
    if (globalThis.scheduler?.postTask) scheduler.postTask(() => resolve(value), { priority: 'background' });
    else setTimeout(() => resolve(value), 0);
  });
}

// Mounts a demo of `kind` into `element` through module `name` once it has started. Resolves when
// mounted; rejects with the module's message for a malformed request, or when the module failed
// to load (then with that failure as the error's cause).
function attach(element, kind, lang, name) {
  const demo = { loading: start(name), connected: element.isConnected };
  demos.set(element, demo);
  element.removeAttribute(FAILED);
  return demo.loading.then(afterPageWork).then(
    (module) => {
      if (demos.get(element) !== demo) return; // taken down before its module arrived
      module.mount(element, kind, lang);
    },
    (cause) => {
      if (demos.get(element) === demo) {
        demos.delete(element);
        element.setAttribute(FAILED, ''); // the stylesheet says so in the placeholder
      }
      throw new Error(`kubevol: the ${name} module failed to load`, { cause });
    },
  );
}

// Mounts every placeholder not mounted yet: through a started module that serves it, else through
// one new module for all of the rest.
function mountWaiting() {
  const waiting = [...document.querySelectorAll(WAITING)].filter((element) => !demos.has(element))
    .map((element) => ({ element, served: startedFor(kindOf(element)) }));
  if (waiting.length === 0) return;
  const rest = waiting.filter(({ served }) => served === undefined).map(({ element }) => kindOf(element));
  const fresh = rest.length > 0 ? moduleFor(rest) : undefined;
  for (const { element, served } of waiting) {
    const name = served ?? fresh;
    attach(element, element.getAttribute(KIND_ATTR) ?? '', element.getAttribute('data-lang'), name).catch((error) => {
      if (error.cause) console.error(error.message, error.cause);
      else console.warn(error); // a malformed placeholder: its message is shown in it too
    });
  }
}

// Unmounts the demos whose element was in the document and has left it. An element a script
// mounted before inserting it is left alone until it has been in the document once.
function releaseDeparted() {
  for (const [element, demo] of demos) {
    if (element.isConnected) {
      demo.connected = true;
    } else if (demo.connected) {
      demos.delete(element);
      demo.loading.then((module) => module.unmount(element), () => {});
    }
  }
}

const isElement = (node) => node.nodeType === 1;
new MutationObserver((records) => {
  let added = false;
  let removed = false;
  for (const record of records) {
    if (!added) {
      added = [...record.addedNodes].some((n) => isElement(n) && (n.matches(`[${KIND_ATTR}]`) || n.querySelector(`[${KIND_ATTR}]`)));
    }
    if (!removed) removed = [...record.removedNodes].some(isElement);
  }
  if (removed || added) releaseDeparted();
  if (added) mountWaiting();
}).observe(document.documentElement, { childList: true, subtree: true });
mountWaiting();

// A share link followed within the page (pasted into the address bar, or a link in the book's
// text) changes only the address's fragment: the demo it names starts again, from the link.
addEventListener('hashchange', () => {
  const [prefix, kind, nth] = location.hash.slice(1).split(':');
  if (prefix !== 'kubevol') return;
  const element = [...document.querySelectorAll(`[${KIND_ATTR}]`)].filter((e) => kindOf(e) === kind)[Number(nth) - 1];
  const demo = element && demos.get(element);
  demo?.loading.then((module) => {
    module.unmount(element);
    module.mount(element, kind, element.getAttribute('data-lang'));
  }, () => {});
});

/** Mounts demo `kind` ("csi", "statefulset", "topology") in `lang` ("ja" or "en") into `element`. */
export async function mountDemo(element, kind, lang) {
  element.removeAttribute('data-kubevol-unmounted');
  const held = demos.get(element);
  if (held) {
    console.debug('kubevol: mountDemo: this element already holds a demo; nothing to do.');
    return held.loading.then(() => undefined);
  }
  const wanted = (kind ?? '').trim();
  return attach(element, kind, lang, startedFor(wanted) ?? moduleFor([wanted]));
}

/** Takes down the demo in `element` and frees it; the element stays, empty. True if there was one. */
export async function unmountDemo(element) {
  const demo = demos.get(element);
  if (!demo) {
    console.debug('kubevol: unmountDemo: this element holds no demo; nothing to do.');
    return false;
  }
  demos.delete(element);
  element.setAttribute('data-kubevol-unmounted', '');
  const module = await demo.loading.catch(() => undefined);
  return module ? module.unmount(element) : false;
}

/** How many demos the started modules hold, for tests: as many as the page shows. */
export async function mountedDemos() {
  let count = 0;
  for (const result of await Promise.allSettled(started.values())) {
    if (result.status === 'fulfilled') count += result.value.mountedCount();
  }
  return count;
}

/** Bytes of wasm memory each started module holds, for tests: it must not grow page after page. */
export function wasmMemory() {
  return Object.fromEntries([...memories].map(([name, memory]) => [name, memory.buffer.byteLength]));
}

/** Makes the demo in `element` panic, to see that the rest of the page survives it. */
export async function panicForTest(element) {
  for (const result of await Promise.allSettled(started.values())) {
    if (result.status === 'fulfilled' && result.value.panicForTest(element)) return true;
  }
  return false;
}
