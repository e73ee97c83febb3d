// Each chapter's main buttons in the VitePress book (tests/vitepress), as latency.mjs times them
// and profile-click.mjs profiles them, and the page that opens each chapter's demo live.
import { fileURLToPath } from 'node:url';

export const BOOK = fileURLToPath(new URL('../tests/vitepress/docs/.vitepress/dist', import.meta.url));

const on = (action, node) => `[data-action="${action}"][data-node="${node}"]`;
const pods = (n) => `[data-action="pods"][data-value="${n}"]`;

// Each chapter's page, and its demo there (the topology page's second demo is the chapter's).
export const PAGES = {
  csi: ['/parts/csi.html', '[data-kubevol-demo="csi"]'],
  statefulset: ['/parts/statefulset.html', '[data-kubevol-demo="statefulset"]'],
  topology: ['/parts/topology.html', '[data-kubevol-demo="topology"][data-preset="spread"]'],
};

// What each measurement clicks: `setup` once, then `clicks` in turn (each one measured), each
// followed by `reset` (not measured) to come back to where it started.
export const MEASURES = [
  { demo: 'csi', label: 'CSI: attach node-a', setup: [], clicks: [on('attach', 'node-a')], reset: [on('detach', 'node-a')] },
  { demo: 'csi', label: 'CSI: mount a new pod on node-a', setup: [on('attach', 'node-a')], clicks: [on('mount', 'node-a')], reset: [] },
  { demo: 'statefulset', label: 'StatefulSet: step', setup: [], clicks: ['[data-action="step"]'], reset: [] },
  { demo: 'topology', label: 'Topology chapter: pod count 9 / 6', setup: [], clicks: [pods(9), pods(6)], reset: [] },
  // Changing the pod count starts the chapter's cluster again, every zone up.
  { demo: 'topology', label: 'Topology chapter: lose zone-a', setup: [], clicks: ['[data-action="fail-zone"][data-zone="zone-a"]'], reset: [pods(9), pods(6)] },
];

/** Opens the chapter's page of `demo` and waits until VitePress has hydrated and every demo is live. */
export async function openChapter(page, url, demo) {
  const [path, host] = PAGES[demo];
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() => document.querySelector('#app')?.__vue_app__ !== undefined
    && document.querySelectorAll('[data-kubevol-demo]:not([data-kubevol-mounted])').length === 0);
  return page.locator(host);
}
