// The one script a page includes to get kubevol-lab demos (plus kubevol.css in its <head>):
//   <link rel="stylesheet" href="/kubevol/kubevol.css">
//   <script type="module" src="/kubevol/kubevol.js" async></script>
//
// The demos' wasm comes in parts (scripts/build-modules.sh): the main part (Leptos, the mount, the
// frame and the widgets every demo shares) is the same file on every page, so a reader's cache
// serves it to every chapter after the first; each kind of demo is a part of its own, fetched
// beside the main part by a page that shows that kind; and what a demo's folds show is a part the
// demo fetches when the reader first opens one (this script fetches it ahead, at low priority,
// once the page is idle).
//
// Why it is shaped like this:
// - The script is `async`: it runs as soon as it arrives, not after the host page's own scripts,
//   and placeholders that the parser or a router adds later are mounted as they appear.
// - The main part's wasm is fetched and compiled while it streams, in parallel with its JS glue,
//   the parts' loader and the page's kinds' parts: no request waits for another.
// - A book navigates without reloading, so a placeholder can leave the page while its demo runs.
//   Its demo is then unmounted and freed: no timer keeps running, no DOM stays alive.
// - File names carry a content hash (filled in below by scripts/link-parts.mjs), so the parts of
//   different builds are never combined; only this script keeps a stable URL.

// The build's files, relative to this script, each by the hash of its content (the main part and
// the parts' loader share one): written by scripts/link-parts.mjs, which lists the same files by
// name in kubevol-files.json.
const FILES = /* kubevol:files */ {};
const file = (name, hash, ext = 'wasm') => `kubevol-${name}.${hash}.${ext}`;

// The kinds of demo, as the wasm's parts name them (crates/ui's `DemoKind`): a kind's part has a lab.
const KINDS = Object.keys(FILES.parts ?? {}).filter((part) => FILES.parts[`${part}_lab`]);
const KIND_ATTR = 'data-kubevol-demo';
// Set by the wasm on a mounted element; set here on an element unmountDemo was asked to empty, so
// the page's placeholders are mounted once and an emptied one stays empty. An element marked
// `data-kubevol-script` is its page script's to mount (the Vue component's is), so the scan
// leaves it alone: its attributes are there for the height the stylesheet reserves.
const WAITING = `[${KIND_ATTR}]:not([data-kubevol-mounted]):not([data-kubevol-unmounted]):not([data-kubevol-script])`;
// Set (here, or by the wasm for a part) on a placeholder whose demo could not be loaded.
const FAILED = 'data-kubevol-failed';
const kindOf = (element) => (element.getAttribute(KIND_ATTR) ?? '').trim();

let started; // promise of the main part's exports, once its wasm has started
let link; // promise of the parts' loader (kubevol-link.<hash>.js)
let memory; // the main part's wasm memory, for wasmMemory()
// Element -> the demo it holds or is about to: { loading: the main part's promise, connected:
// whether the element has been in the document since }.
const demos = new Map();

function url(file) {
  return new URL(file, import.meta.url);
}

// Fetches the main part's wasm and compiles it as the bytes arrive. A server that sends the wasm
// with another Content-Type cannot stream, so that case compiles the whole body instead.
async function compile(file, integrity) {
  const response = await fetch(url(file), { integrity });
  if (!response.ok) throw new Error(`kubevol: ${file} answered HTTP ${response.status}`);
  if ((response.headers.get('content-type') ?? '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

// Fetches packs (kubevol-files.json's `parts`) ahead of their use. The requests start here, at
// once, beside the main part's: waiting for the parts' loader to arrive first would put a round
// trip before them. The parts' loader takes them over when it is there.
const requested = new Set();
let parts; // the parts' loader, once it has arrived: from then on it knows what it has fetched
function prefetch(names, low = false) {
  if (!FILES.main) throw new Error('kubevol: no files listed; was this loader built by scripts/link-parts.mjs?');
  if (parts) {
    parts.prefetch(names, low);
    return;
  }
  const requests = new Map();
  for (const name of names) {
    if (requested.has(name)) continue;
    requested.add(name);
    const request = fetch(url(file(name, FILES.packs[name])), { priority: low ? 'low' : 'auto' });
    request.catch(() => requested.delete(name)); // the parts' loader says why, and tries again
    requests.set(name, request);
  }
  link ??= import(url(file('link', FILES.main, 'js')).href);
  link.then((module) => {
    parts = module;
    module.adopt(requests);
  }, () => { link = undefined; });
}

// Starts the main part (once) and, beside it, the parts of `kinds`: its glue, its wasm and the
// parts' loader load side by side, then the wasm is instantiated. A main part that failed to load
// is forgotten, so a later request tries again.
function start(kinds) {
  prefetch(kinds.flatMap((k) => FILES.parts?.[k] ?? []));
  if (!started) {
    started = Promise.all([import(url(file('main', FILES.main, 'js')).href), compile(file('main', FILES.main), FILES.integrity)])
      .then(async ([glue, wasm]) => {
        memory = (await glue.default({ module_or_path: wasm })).memory;
        return glue;
      });
    started.catch(() => { started = undefined; });
  }
  return started;
}

// Runs `work` once the page has nothing better to do: what a reader may want later (the parts
// behind the folds) must never compete with the page. Safari has no requestIdleCallback.
function whenIdle(work) {
  if (globalThis.requestIdleCallback) requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 2000);
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

// The page's script API: a wasm module of its own per kind (crates/api) with what this script asks
// of it (kubevol-script.js), started once, and only for a page that passes a scenario or writes a
// level out, listens for changes or calls getState. It reads a scenario into the history a demo
// opens at, a level into the form a demo reads levels in, and a demo's history into its state or
// what its last action did.
// One module per kind, named with the main part's hash: a page fetches only the model its demos run.
const apis = new Map();
function scriptApi(kind) {
  if (!KINDS.includes(kind)) return Promise.resolve(undefined); // the mount says what is wrong
  if (!apis.has(kind)) {
    const api = Promise.all([import(url(file(`api-${kind}`, FILES.main, 'js')).href), compile(file(`api-${kind}`, FILES.main))])
      .then(async ([glue, wasm]) => {
        await glue.default({ module_or_path: wasm });
        return glue;
      });
    api.catch(() => apis.delete(kind));
    apis.set(kind, api);
  }
  return apis.get(kind);
}

// What a demo's element dispatches after each action (kubevol-script.js), once a page asked.
const CHANGE = 'kubevol:change';

// Mounts a demo into `element` once the main part has started: `options` as mountDemo takes them.
// Resolves when mounted; rejects with the module's message for a malformed request or a scenario
// the demo cannot show, or when the demo's code failed to load (then with that failure as the
// error's cause).
function attach(element, options) {
  const kind = String(options.kind ?? '').trim();
  const listens = Boolean(options.events || options.onChange);
  const written = writtenLevel(options, element);
  // Started beside the main part, so a scenario's demo waits for neither in turn.
  const scripts = options.scenario !== undefined || listens || written !== undefined ? scriptApi(kind) : undefined;
  const demo = { loading: start([kind]), connected: element.isConnected, watching: false, listener: undefined };
  demos.set(element, demo);
  element.removeAttribute(FAILED);
  const failed = (cause) => {
    if (demos.get(element) === demo) {
      demos.delete(element);
      sayFailed(element, () => attach(element, options).catch(notMounted));
    }
    return new Error(`kubevol: the ${kind} demo failed to load`, { cause });
  };
  return Promise.all([demo.loading, scripts]).then(afterPageWork).then(
    async ([module, script]) => {
      if (demos.get(element) !== demo) return; // taken down before its module arrived
      // A scenario is read into the history the demo opens at, or what is wrong with it.
      const { history, fault } = options.scenario === undefined || !script ? {}
        : script.scripted(kind, options.scenario, element.getAttribute('data-preset') ?? undefined);
      // So is a level the page wrote out, into the form the demo reads levels in.
      const { form, fault: levelFault } = written === undefined || !script ? {} : script.levelForm(kind, written);
      try {
        // A rendered demo keeps its height until the live one is laid out: the host is a size
        // container, and WebKit lays one out before it styles what was just put in, so the swap's
        // first layout saw it empty, and a reader scrolled down to it was pulled up by as much.
        const rendered = element.matches(RENDERED) ? element.getBoundingClientRect().height : undefined;
        const pageSet = element.style.minHeight;
        if (rendered !== undefined) element.style.minHeight = `${rendered}px`;
        try {
          await module.mount(element, options.kind ?? '', options.lang ?? undefined, history, fault, levelFault === undefined ? form : `!${levelFault}`);
        } finally {
          if (rendered !== undefined) {
            void element.offsetHeight; // the layout that styles the live demo, in the swap's task
            element.style.minHeight = pageSet;
            unstyled(element);
          }
        }
        if (rendered !== undefined && linked()[1] === element) holdHeight(element, demo, rendered);
        goneLive(element);
      } catch (error) {
        // The wasm marks a placeholder whose part it could not fetch; any other error is a
        // malformed placeholder, whose message the demo shows in its place.
        if (element.hasAttribute(FAILED)) throw failed(error);
        throw error;
      }
      if (KINDS.includes(kind)) whenIdle(() => prefetch(FILES.parts?.[`${kind}_lab`] ?? [], true));
      if (listens && script && demos.get(element) === demo) {
        await script.listen(module, element, kind);
        demo.watching = true;
        if (options.onChange) {
          demo.listener = (event) => options.onChange(event.detail);
          element.addEventListener(CHANGE, demo.listener);
        }
      }
      // The demo is there, at its default, saying the same.
      if (fault !== undefined) throw new Error(`kubevol: the page's scenario for this ${kind} demo: ${fault}`);
    },
    (cause) => { throw failed(cause); },
  );
}

// A demo whose code (or its part) could not be loaded says so where it stands, in its language,
// with a button that tries again; a demo rendered at build time is made inert meanwhile, so its
// controls show they do not answer (none of it is live) and hold no tap. The words are
// crates/ui's (`mount::LOAD_FAILED`, `mount::TRY_AGAIN`; a test keeps them the same): no wasm has
// run to say them.
const LOAD_FAILED = { ja: ['デモ ・ 読み込めなかった', 'もう一度試す'], en: ['Demo · could not be loaded', 'Try again'] };
// The demo's language, as its wasm picks it (`mount::language`): its data-lang when Japanese or
// English, else the page's <html lang> when it is, else English.
function speaks(element) {
  const spoken = (tag) => ({ ja: 'ja', en: 'en' })[(tag ?? '').trim().split(/[-_]/)[0].toLowerCase()];
  return spoken(element.getAttribute('data-lang')) ?? spoken(document.documentElement.lang) ?? 'en';
}
function sayFailed(element, retry) {
  element.setAttribute(FAILED, '');
  element.querySelector(':scope > .kv-load-failed')?.remove();
  const lang = speaks(element);
  const [said, again] = LOAD_FAILED[lang];
  const box = Object.assign(document.createElement('div'), { className: 'kv-load-failed', lang });
  box.setAttribute('role', 'alert');
  const button = Object.assign(document.createElement('button'), { type: 'button', textContent: again });
  button.dataset.kubevolRetry = '';
  box.append(Object.assign(document.createElement('span'), { textContent: said }), button);
  const rendered = element.querySelector(':scope > [data-kubevol-root]');
  rendered?.setAttribute('inert', '');
  button.addEventListener('click', () => {
    box.remove();
    element.removeAttribute(FAILED);
    rendered?.removeAttribute('inert');
    retry();
  });
  element.prepend(box);
}
// Says in the console why a demo the loader mounted by itself (or tried again) did not mount: a
// load failure with its cause; a malformed placeholder, whose message is shown in it too.
function notMounted(error) {
  if (error.cause) console.error(error.message, error.cause);
  else console.warn(error);
}

// A demo rendered into the page at build time (kubevol-prerender.mjs marks it `data-kubevol-rendered`)
// is on screen before its code has arrived; the wasm replaces it with the live demo, the same DOM,
// in one task. Until then a tap on one of its buttons is held, and a keyboard focus remembered:
// once the demo is live the same button is clicked (the reader sees its outcome, once) and focused.
// A button is found again by its data-* attributes and its place among the buttons that share them.
const RENDERED = '[data-kubevol-rendered]:not([data-kubevol-mounted])';
const held = new WeakMap(); // host -> { taps: [button's key], focused: button's key }
const dataOf = (button) => [...button.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name, a.value]);
// The host's buttons with exactly these data-* attributes, in document order.
const withData = (host, data) => [...host.querySelectorAll('button')]
  .filter((b) => dataOf(b).length === data.length && data.every(([n, v]) => b.getAttribute(n) === v));
function keyOf(host, button) {
  const data = dataOf(button);
  return { data, index: withData(host, data).indexOf(button) };
}
const buttonOf = (host, { data, index }) => withData(host, data)[index];
function heldFor(host) {
  if (!held.has(host)) held.set(host, { taps: [], focused: undefined });
  return held.get(host);
}
// The rendered demo's own buttons: not the loader's Try again beside them (`sayFailed`).
const RENDERED_BUTTON = `${RENDERED} > [data-kubevol-root] button`;
addEventListener('click', (event) => {
  const button = event.target.closest?.(RENDERED_BUTTON);
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  const host = button.closest(RENDERED);
  heldFor(host).taps.push(keyOf(host, button));
}, true);
addEventListener('focusin', (event) => {
  const button = event.target.closest?.(RENDERED_BUTTON);
  if (button) heldFor(button.closest(RENDERED)).focused = keyOf(button.closest(RENDERED), button);
}, true);
function goneLive(host) {
  const waiting = held.get(host);
  held.delete(host);
  if (!waiting) return;
  if (waiting.focused && (document.activeElement === document.body || !document.activeElement)) {
    buttonOf(host, waiting.focused)?.focus();
  }
  for (const tap of waiting.taps) buttonOf(host, tap)?.click();
}

// A page opened at a share link shows the rendered demo at its start, then, once live, the linked
// moment, whose verdict and log are usually taller (or shorter): the text below it would move
// under the reader's eyes. So the demo keeps the rendered screen's height, its content scrolling
// inside, until the reader's first click or key in it; the page then takes the demo's own height,
// a change that follows the reader's input (which is not a layout shift).
// A click, not a pointerdown: freed at pointerdown, the demo would grow under the pointer before
// the button is released, and the click would land on whatever has moved beneath it. A click has
// found its button already (a script's element.click() too); a key acts on the focused control.
const FREED_BY = ['click', 'keydown'];
function holdHeight(host, demo, height) {
  if (Math.abs(host.getBoundingClientRect().height - height) < 0.5) return;
  host.style.height = `${height}px`; // the stylesheet scrolls what is below it (data-kubevol-held)
  host.setAttribute('data-kubevol-held', '');
  demo.free = () => {
    host.style.height = '';
    unstyled(host);
    host.removeAttribute('data-kubevol-held');
    for (const type of FREED_BY) host.removeEventListener(type, demo.free, true);
  };
  for (const type of FREED_BY) host.addEventListener(type, demo.free, true);
}

// A host's inline style is only ever written through the CSSOM, which a strict CSP allows (it
// refuses a style attribute written as text); once nothing is left in it, the attribute goes too,
// and the host is as the page wrote it.
function unstyled(host) {
  if (!host.getAttribute('style')) host.removeAttribute('style');
}

// Forgets the demo in `element` and the page's listener on it.
function forget(element, demo) {
  demo.free?.();
  demos.delete(element);
  if (demo.listener) element.removeEventListener(CHANGE, demo.listener);
}

// Mounts every placeholder not mounted yet, their kinds' parts fetched together.
function mountWaiting() {
  const waiting = [...document.querySelectorAll(WAITING)].filter((element) => !demos.has(element));
  if (waiting.length === 0) return;
  prefetch([...new Set(waiting.map(kindOf))].flatMap((k) => FILES.parts?.[k] ?? []));
  // A share link in the address opens its demo from the link, which its lab part reads.
  const [kind, element] = linked();
  if (waiting.includes(element)) prefetch(FILES.parts?.[`${kind}_lab`] ?? []);
  for (const element of waiting) {
    attach(element, { kind: element.getAttribute(KIND_ATTR) ?? '', lang: element.getAttribute('data-lang') }).catch(notMounted);
  }
}

// Unmounts the demos whose element was in the document and has left it. An element a script
// mounted before inserting it is left alone until it has been in the document once.
function releaseDeparted() {
  for (const [element, demo] of demos) {
    if (element.isConnected) {
      demo.connected = true;
    } else if (demo.connected) {
      forget(element, demo);
      demo.loading.then((module) => module.unmount(element), () => {});
    }
  }
}

const isElement = (node) => node.nodeType === 1;
// What a demo changes inside itself (every click does) neither adds a placeholder nor takes one
// away: those records are passed over at once, so the demos' own clicks do not pay for the search.
const insideDemo = (node) => (isElement(node) ? node : node.parentElement)?.closest('[data-kubevol-root]');
new MutationObserver((records) => {
  let added = false;
  let removed = false;
  for (const record of records) {
    if (insideDemo(record.target)) continue;
    if (!added) {
      added = [...record.addedNodes].some((n) => isElement(n) && (n.matches(`[${KIND_ATTR}]`) || n.querySelector(`[${KIND_ATTR}]`)));
    }
    if (!removed) removed = [...record.removedNodes].some(isElement);
  }
  if (removed || added) releaseDeparted();
  if (added) mountWaiting();
}).observe(document.documentElement, { childList: true, subtree: true });
mountWaiting();

// The kind and the element of the demo the address's share link names (`#kubevol:csi:2:...`), if any.
function linked() {
  const [prefix, kind, nth] = location.hash.slice(1).split(':');
  if (prefix !== 'kubevol') return [];
  return [kind, [...document.querySelectorAll(`[${KIND_ATTR}]`)].filter((e) => kindOf(e) === kind)[Number(nth) - 1]];
}

// A share link followed within the page (pasted into the address bar, or a link in the book's
// text) changes only the address's fragment: the demo it names starts again, from the link.
addEventListener('hashchange', () => {
  const [kind, element] = linked();
  const demo = element && demos.get(element);
  demo?.loading.then(async (module) => {
    module.unmount(element);
    await module.mount(element, kind, element.getAttribute('data-lang'), undefined, undefined);
    if (demo.watching) await (await scriptApi(kind)).listen(module, element, kind); // the page still listens
  }).catch((error) => console.error(error));
});

// The attributes a demo reads from its element, for the options mountDemo takes in their place
// (a `level` given as a built-in level's id is `data-level`).
const ATTRS = { kind: KIND_ATTR, lang: 'data-lang', preset: 'data-preset', view: 'data-view', level: 'data-level' };

// A level written out: mountDemo's `level` object, or a placeholder's `data-level` holding JSON.
// The script API's module reads it (the demos read only built-in ids and that module's forms);
// one it cannot read leaves the demo at its default, saying the path of what is wrong.
// (A declaration: the page's placeholders are attached while this module is still evaluated.)
function writtenLevel(options, element) {
  if (typeof options.level === 'object' && options.level !== null) return options.level;
  const attr = element.getAttribute('data-level')?.trim();
  return attr?.startsWith('{') ? attr : undefined;
}

/**
 * Mounts a demo into `element`: `mountDemo(element, {kind, lang, preset, view, scenario, level,
 * onChange, events})`, or `mountDemo(element, kind, lang)`. See kubevol.d.ts for each option. Resolves once
 * the demo is there; rejects with a message for a malformed request, and for a scenario the demo
 * cannot show (naming its path, e.g. `actions[3].node: unknown node "node-c"`: the demo then
 * starts at its default and says so).
 */
export async function mountDemo(element, kindOrOptions, lang) {
  const options = typeof kindOrOptions === 'object' && kindOrOptions !== null ? kindOrOptions : { kind: kindOrOptions, lang };
  element.removeAttribute('data-kubevol-unmounted');
  const held = demos.get(element);
  if (held) {
    console.debug('kubevol: mountDemo: this element already holds a demo; nothing to do.');
    return held.loading.then(() => undefined);
  }
  // The element says what it holds, as a placeholder does: the stylesheet reserves its height,
  // a share link counts it among the page's demos, and the demo reads its preset and view.
  for (const [option, attr] of Object.entries(ATTRS)) {
    if (typeof options[option] === 'string') element.setAttribute(attr, options[option]);
  }
  return attach(element, options);
}

/**
 * The moment the demo in `element` shows, as a plain object: `{kind, moment, setup, actions,
 * state}`, in the replay format (`actions` holds the moments after the one shown too, after Back).
 * Passed back as a `scenario`, it opens the same moment.
 */
export async function getState(element) {
  const demo = demos.get(element);
  if (!demo) throw new Error('kubevol: getState: this element holds no demo.');
  const [module, script] = await Promise.all([demo.loading, scriptApi(kindOf(element))]);
  return script.stateOf(module, element, kindOf(element));
}

/** Takes down the demo in `element` and frees it; the element stays, empty. True if there was one. */
export async function unmountDemo(element) {
  const demo = demos.get(element);
  if (!demo) {
    console.debug('kubevol: unmountDemo: this element holds no demo; nothing to do.');
    return false;
  }
  forget(element, demo);
  element.setAttribute('data-kubevol-unmounted', '');
  const module = await demo.loading.catch(() => undefined);
  return module ? module.unmount(element) : false;
}

/** How many demos the main part holds, for tests: as many as the page shows. */
export async function mountedDemos() {
  const module = await started?.catch(() => undefined);
  return module ? module.mountedCount() : 0;
}

/** Bytes of wasm memory the main part holds, for tests: it must not grow page after page. */
export function wasmMemory() {
  return memory ? { 'kubevol-main': memory.buffer.byteLength } : {};
}

/** Makes the demo in `element` panic, to see that the rest of the page survives it. */
export async function panicForTest(element) {
  const module = await started?.catch(() => undefined);
  return module ? module.panicForTest(element) : false;
}
