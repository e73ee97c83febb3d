// Drives a freshly mounted demo, through its buttons only, into a state that shows most of what
// it can say: a refusal, pods, volumes, a stuck controller. Shared by the screenshot and the
// accessibility suites, so both look at the same thing. Each scene says how the demo is placed:
// `chapter` is a book chapter's placeholder (every fold closed, the first screen a reader meets),
// `lab` adds data-view="lab" (every fold open, as the gallery shows it).
import { prependDemo } from './harness.mjs';

const click = (demo, selector) => demo.locator(selector).first().click();
// A topology scenario of seed 004 in a chapter's placeholder, one button pressed.
const article = (preset, action) => ({
  kind: 'topology', preset, view: 'chapter', run: (demo) => click(demo, `[data-action="${action}"]`),
});

// The level both level scenes play, and its first two actions: the claim let go of on node-a.
const CSI_LEVEL = { kind: 'csi', level: 'csi-move-to-node-b', view: 'chapter', widths: [390, 1024] };
const csiLevelHalfway = async (demo) => {
  await click(demo, '[data-action="unmount-all"]');
  await click(demo, '[data-action="detach"][data-node="node-a"]');
};

export const SCENES = {
  csi: {
    kind: 'csi',
    view: 'chapter',
    run: async (demo) => {
      await click(demo, '[data-action="attach"][data-node="node-a"]');
      await click(demo, '[data-action="mount"][data-node="node-a"]');
      await click(demo, '[data-action="mount"][data-node="node-a"]');
      await click(demo, '[data-action="attach"][data-node="node-b"]');
    },
  },
  // Every fold open: a mounted volume grown in two steps, so the CSI panel names who sent each
  // call and the answer; the history exported as a scenario file; the kubectl panel on the pod.
  'csi-expand': {
    kind: 'csi',
    view: 'lab',
    run: async (demo) => {
      await click(demo, '[data-action="attach"][data-node="node-a"]');
      await click(demo, '[data-action="mount"][data-node="node-a"]');
      await click(demo, '[data-action="expand"][data-value="10"]');
      await click(demo, '[data-action="export"]');
      await click(demo, '[data-action="kubectl-object"][data-value="pods/web-1"]');
    },
  },
  statefulset: {
    kind: 'statefulset',
    view: 'chapter',
    run: async (demo) => {
      for (let i = 0; i < 3; i++) await click(demo, '[data-action="step"]');
      await click(demo, '[data-action="write"][data-ordinal="0"]');
      await click(demo, '[data-action="break"][data-ordinal="1"]');
      await click(demo, '[data-action="step5"]');
    },
  },
  // Every fold open, on the seed-004 article the scenarios fold picks: the spread trap.
  topology: {
    kind: 'topology',
    view: 'lab',
    run: async (demo) => {
      await click(demo, '[data-action="preset"][data-value="spread-trap"]');
      await click(demo, '[data-action="run"]');
    },
  },
  // Seed 004's scenarios as a chapter's page places them, each with its map of the cluster: the
  // spread trap run until it sticks (the default), a nodeSelector against the only zone the class
  // allows, and allowedTopologies' one zone.
  'topology-trap': article(undefined, 'run'),
  'topology-conflict': article('conflict', 'step'),
  'topology-allowed': article('allowed', 'run'),
  // The book's topology chapter as its page places it: a zone lost, its pods left Terminating on
  // their nodes, one force deleted and DoNotSchedule refusing to place it elsewhere.
  'topology-spread': {
    kind: 'topology',
    preset: 'spread',
    view: 'chapter',
    run: async (demo) => {
      await click(demo, '[data-action="fail-zone"][data-zone="zone-a"]');
      await click(demo, '[data-action="run"]');
      await click(demo, '[data-action="force-delete-pod"][data-pod="web-0"]');
      await click(demo, '[data-action="run"]');
    },
  },
  // A level opened by its placeholder's data-level (its Practice fold open), in progress: the
  // claim let go of on node-a, one hint shown, the goal's picture beside the reader's cluster.
  'csi-level': {
    ...CSI_LEVEL,
    run: async (demo) => {
      await csiLevelHalfway(demo);
      await click(demo, '[data-action="level-hint"]');
    },
  },
  // The same level solved, against par.
  'csi-level-solved': {
    ...CSI_LEVEL,
    run: async (demo) => {
      await csiLevelHalfway(demo);
      await click(demo, '[data-action="attach"][data-node="node-b"]');
      await click(demo, '[data-action="mount"][data-node="node-b"]');
    },
  },
};

/**
 * Puts a placeholder for `scene` at the top of the gallery page's column (the book's 688 px) and
 * waits for its demo. Returns the placeholder's locator.
 */
export async function mountScene(page, scene) {
  const { kind, preset, view, level } = SCENES[scene];
  const demo = await prependDemo(page, 'scene', {
    kubevolDemo: kind, ...(preset && { preset }), ...(view === 'lab' && { view: 'lab' }), ...(level && { level }), lang: 'ja',
  });
  // In the lab view every fold fetches its part at once (in a level, the Practice fold): wait
  // until each panel has drawn it.
  await page.waitForFunction(() => !document.querySelector('#scene [data-state="part-loading"]'));
  return demo;
}

export { click };
