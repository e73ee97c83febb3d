// A page's script using kubevol.js through its declarations (dist/kubevol.d.ts), as an editor
// checks it. The test command compiles it with `tsc --noEmit --strict` against the release build;
// the lines marked @ts-expect-error must be errors, so the types say something.
import { getState, mountDemo, unmountDemo, type DemoChange, type Level, type Scenario } from '../../dist/kubevol.js';

const host = document.createElement('div');
document.body.append(host);

const scenario: Scenario = {
  actions: [
    { type: 'attach', claim: 'data', node: 'node-a' },
    { type: 'mount', claim: 'data', node: 'node-a' },
  ],
  moment: 1,
};

async function demo(): Promise<void> {
  await mountDemo(host, 'csi', 'ja'); // the first form still works
  await unmountDemo(host);
  await mountDemo(host, {
    kind: 'csi',
    lang: 'en',
    scenario,
    onChange: (change: DemoChange) => {
      const what: string = change.refusal ? String(change.refusal.kind) : change.events.map((e) => String(e.type)).join(', ');
      console.log(change.kind, change.moment, change.action?.type, what);
    },
  });
  host.addEventListener('kubevol:change', (event) => {
    const moment: number = event.detail.moment; // typed as CustomEvent<DemoChange>
    console.log(moment);
  });
  const state = await getState(host);
  const shown: number = state.moment;
  const again: Scenario = { setup: state.setup, actions: state.actions, moment: shown };
  await mountDemo(document.createElement('div'), { kind: state.kind, scenario: again });

  // A level: a built-in one by its id, or one written as an object.
  await mountDemo(document.createElement('div'), { kind: 'csi', level: 'csi-move-to-node-b' });
  const level: Level = {
    id: 'use-on-node-b',
    kind: 'csi',
    title: { ja: 'node-b で使う', en: 'Use it on node-b' },
    intro: { ja: 'node-b の Pod から使う。', en: 'Use it from a pod on node-b.' },
    start: { setup: state.setup },
    goal: [{ kubectl: 'get pods -o jsonpath={.items[*].spec.nodeName}', prints: 'node-b' }],
    hints: [{ ja: '先に繋ぐ。', en: 'Attach first.' }],
    solution: [{ type: 'attach', claim: 'data', node: 'node-b' }, { type: 'mount', claim: 'data', node: 'node-b' }],
    par: 2,
  };
  await mountDemo(document.createElement('div'), { kind: 'csi', level });
  // @ts-expect-error: a check needs what it prints
  const unchecked: Level = { ...level, goal: [{ kubectl: 'get pods' }] };
  console.log(unchecked);

  // @ts-expect-error: there is no such kind of demo
  await mountDemo(host, { kind: 'cis' });
  // @ts-expect-error: a language the demos do not speak
  await mountDemo(host, 'csi', 'fr');
  // @ts-expect-error: an action needs its type
  const untyped: Scenario = { actions: [{ claim: 'data' }] };
  // @ts-expect-error: getState answers with a promise
  const sync: number = getState(host).moment;
  console.log(untyped, sync);
}

demo();
