// Types of kubevol.js, the one script a page includes to get kubevol-lab demos. Values are plain
// objects in the replay format of the model the demo runs (crates/replay/README.md in the
// kubevol-lab repository): the same fields the replay tool reads and prints.

/** The kinds of demo: the book's chapters "CSIとボリューム", "StatefulSetとPVC" and the topology one. */
export type DemoKind = 'csi' | 'statefulset' | 'topology';

/** The model each kind of demo runs, as a scenario's `model` names it: its kind (scenario files
 * written before name the CSI model `volumes`, which still opens). */
export type ModelName = DemoKind | 'volumes';

/** An action, as a scenario lists it: a kebab-case `type` and that action's fields. */
export interface Action {
  type: string;
  [field: string]: unknown;
}

/** A typed event of the model (`type` says what happened), or a refusal (`kind` says which rule said no). */
export interface ModelValue {
  [field: string]: unknown;
}

/**
 * A moment of a demo to open: the replay format's `setup` and `actions`, and optionally the
 * moment to show (how many of the actions, counted from the first one given). Without `setup`,
 * the demo starts as the page shows it and the actions follow that start. Every action must be one
 * the demo's buttons make, on the nodes and claims it draws; `getState` gives one back.
 */
export interface Scenario {
  model?: ModelName;
  setup?: ModelValue;
  actions?: Action[];
  moment?: number;
  /** Ignored: a scenario file's title, for people. */
  title?: string;
}

/** What the demo in an element shows, from `getState`. */
export interface DemoState {
  kind: DemoKind;
  /** How many of `actions` the state reflects (fewer than all of them after Back). */
  moment: number;
  setup: ModelValue;
  /** Every action since the setup, the ones after `moment` too. */
  actions: Action[];
  /** The model's state at `moment`, as the replay tool's `final` line writes it. */
  state: ModelValue;
}

/** `kubevol:change`'s `detail`: what one action did. It carries no translated text. */
export interface DemoChange {
  kind: DemoKind;
  /** The moment after the action. */
  moment: number;
  action: Action | null;
  /** The model's events, as the replay tool prints them without their texts. Empty when refused. */
  events: ModelValue[];
  /** The rule that refused the action (the state did not change), or null. */
  refusal: ModelValue | null;
}

/** A text in both languages. */
export interface Words {
  ja: string;
  en: string;
}

/** One check of a level's goal: a kubectl command (a get or describe) and what it prints, compared trimmed. */
export interface LevelCheck {
  kubectl: string;
  prints: string;
}

/** A level: practice toward a goal, from a start the demo's controls make. */
export interface Level {
  /** Lowercase letters, digits and "-"; progress is kept under it. */
  id: string;
  kind: DemoKind;
  /** Where the level's trap comes from. */
  seed?: string;
  title: Words;
  intro: Words;
  /** The setup and the actions the level starts after, as a scenario file writes them; without a setup, the demo's own start. */
  start: { setup?: ModelValue; actions?: Action[] };
  goal: LevelCheck[];
  /** Shown one at a time. */
  hints?: Words[];
  /** A shortest way from the start to the goal, made of the demo's own controls' actions. */
  solution?: Action[];
  /** The solution's length. */
  par?: number;
}

export interface MountOptions {
  kind: DemoKind;
  /** "ja" or "en"; by default the page's `<html lang>` where it is Japanese or English, else English. */
  lang?: 'ja' | 'en';
  /** A scenario the demo starts from, as `data-preset` names it (the topology demo's "spread" is the book's chapter). */
  preset?: string;
  /** "lab" opens every fold of the demo; otherwise the chapter's demo shows with its folds closed. */
  view?: 'lab' | 'chapter';
  /** A moment to open. One the demo cannot show rejects the promise with the path of what is wrong, and the demo starts at its default. */
  scenario?: Scenario;
  /**
   * A level to open the demo in: a built-in level's id (as `data-level` names it, e.g.
   * "csi-move-to-node-b") or a level written as an object. One the demo cannot open rejects the
   * promise with the path of what is wrong, and the demo starts at its default.
   */
  level?: string | Level;
  /** Called after each action the reader takes (the element dispatches `kubevol:change` too). */
  onChange?: (change: DemoChange) => void;
  /** Dispatch `kubevol:change` on the element after each action, without a callback. */
  events?: boolean;
}

/** Mounts a demo into `element`. Resolves once it is there. */
export function mountDemo(element: HTMLElement, options: MountOptions): Promise<void>;
/** The first form: mounts demo `kind` in `lang`. */
export function mountDemo(element: HTMLElement, kind: DemoKind, lang?: 'ja' | 'en'): Promise<void>;
/** Takes down the demo in `element` and frees it; the element stays, empty. True if there was one. */
export function unmountDemo(element: HTMLElement): Promise<boolean>;
/** The moment the demo in `element` shows. Rejects when it holds no demo. */
export function getState(element: HTMLElement): Promise<DemoState>;
/** How many demos the page's module holds, for tests. */
export function mountedDemos(): Promise<number>;
/** Bytes of wasm memory the page's module holds, for tests. */
export function wasmMemory(): Record<string, number>;
/** Makes the demo in `element` panic, for tests. */
export function panicForTest(element: HTMLElement): Promise<boolean>;

declare global {
  interface HTMLElementEventMap {
    'kubevol:change': CustomEvent<DemoChange>;
  }
}
