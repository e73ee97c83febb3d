// What the suites that open the VitePress book (tests/vitepress) know of it, in Chromium through
// Playwright (vitepress.test.mjs) and in WebKit through WebDriver (tests/webkit/book.test.mjs):
// its chapter pages and their demos, how to tell a click was answered, and functions that run in
// the page. Those are self-contained, as both drivers send them to the page as source text.

// Chapter pages with the sidebar, and the English page without it; together they hold every kind.
export const PAGES = {
  '/parts/csi.html': ['csi'],
  '/parts/statefulset.html': ['statefulset'],
  '/parts/topology.html': ['topology', 'topology'],
  '/parts/together.html': ['csi', 'statefulset'],
  '/parts/en.html': ['csi', 'statefulset', 'topology'],
};

// One control per kind and the read-out it changes: a click answered is a changed read-out.
export const PROBE = {
  csi: ['[data-action="attach"][data-node="node-a"]', '[data-node="node-a"] [data-state="disk"]'],
  statefulset: ['[data-action="step"]', '[data-state="step"]'],
  topology: ['[data-action="step"]', '[data-state="step"]'],
};

/** In the page: every placeholder mounted, and `n` demos. */
export const allMounted = (n) => document.querySelectorAll('[data-kubevol-root]').length === n
  && document.querySelectorAll('[data-kubevol-demo]:not([data-kubevol-mounted])').length === 0;

/** In the page: clicks each demo's probe control; returns the kinds whose read-out changed. */
export async function answersInPage(PROBE) {
  const answered = [];
  for (const host of document.querySelectorAll('[data-kubevol-demo]')) {
    const kind = host.dataset.kubevolDemo;
    const [control, readout] = PROBE[kind];
    const before = host.querySelector(readout).textContent;
    host.querySelector(control).click();
    await new Promise((r) => setTimeout(r, 50));
    if (host.querySelector(readout).textContent !== before) answered.push(kind);
  }
  return answered;
}

/**
 * In the page: for each demo, how much of the space its placeholder reserves its own height leaves
 * unused (`gap`), with its kind and its column's width. The demo's own height is measured not
 * stretched to the reservation, and rendered though off-screen (a reader who scrolls to it sees
 * it rendered).
 */
export function reservationGaps() {
  return [...document.querySelectorAll('[data-kubevol-demo]')].map((host) => {
    const kv = host.querySelector('.kv');
    const box = host.getBoundingClientRect().height;
    kv.style.alignSelf = 'start';
    kv.style.contentVisibility = 'visible';
    const natural = kv.getBoundingClientRect().height;
    kv.style.alignSelf = '';
    kv.style.contentVisibility = '';
    return { kind: host.dataset.kubevolDemo, column: Math.round(host.getBoundingClientRect().width), gap: box - natural };
  });
}
