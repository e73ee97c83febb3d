// Drives each freshly mounted demo, through its buttons only, into a state that shows most of what
// it can say: a refusal, pods, volumes, a stuck controller. Shared by the screenshot and the
// accessibility suites, so both look at the same thing.
const click = (demo, selector) => demo.locator(selector).first().click();

export const SCENES = {
  csi: async (demo) => {
    await click(demo, '[data-action="attach"][data-node="node-a"]');
    await click(demo, '[data-action="mount"][data-node="node-a"]');
    await click(demo, '[data-action="mount"][data-node="node-a"]');
    await click(demo, '[data-action="attach"][data-node="node-b"]');
  },
  // A mounted volume grown in two steps: the CSI panel names who sent each call and the answer.
  'csi-expand': async (demo) => {
    await click(demo, '[data-action="attach"][data-node="node-a"]');
    await click(demo, '[data-action="mount"][data-node="node-a"]');
    await click(demo, '[data-action="expand"][data-value="10"]');
    // And the history so far exported as a scenario file, with its link to save it.
    await click(demo, '[data-action="export"]');
    // And the kubectl panel opened on the pod: its YAML and the Events describe lists.
    await click(demo, '[data-action="kubectl"]');
    await click(demo, '[data-action="kubectl-object"][data-value="pods/web-1"]');
  },
  statefulset: async (demo) => {
    for (let i = 0; i < 3; i++) await click(demo, '[data-action="step"]');
    await click(demo, '[data-action="write"][data-ordinal="0"]');
    await click(demo, '[data-action="break"][data-ordinal="1"]');
    await click(demo, '[data-action="step5"]');
  },
  topology: async (demo) => {
    await click(demo, '[data-action="preset"][data-value="spread-trap"]');
    await click(demo, '[data-action="run"]');
  },
  // The book's topology chapter in the same demo: a zone lost, and DoNotSchedule refusing to
  // place its pods elsewhere.
  'topology-spread': async (demo) => {
    await click(demo, '[data-action="preset"][data-value="spread"]');
    await click(demo, '[data-action="fail-zone"][data-zone="zone-a"]');
    await click(demo, '[data-action="run"]');
  },
};

/** The demo kind a scene drives: its name up to the first "-" (`topology-spread` is a topology). */
export const kindOf = (scene) => scene.split('-')[0];

export { click };
