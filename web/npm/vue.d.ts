// Types of `kubevol-lab/vue`: the KubevolDemo component.
import type { DefineComponent } from 'vue';
import type { DemoChange, DemoKind, Level, Scenario } from './kubevol.js';

export interface KubevolDemoProps {
  /** "csi", "statefulset" or "topology". */
  kind: DemoKind;
  /** "ja" or "en"; by default the page's `<html lang>` where it is Japanese or English, else English. */
  lang?: 'ja' | 'en';
  /** A scenario the demo starts from, as data-preset names it. */
  preset?: string;
  /** "lab" opens every fold. */
  view?: 'lab' | 'chapter';
  /** A moment to open, in the replay format; getState gives one. */
  scenario?: Scenario;
  /** A level to open the demo in: a built-in level's id, or a level written as an object. */
  level?: string | Level;
  /** Where kubevol.js is, when the page's head does not include it. */
  src?: string;
  /** The demo's first screen as HTML, written by the Markdown hook at build time; not written by hand. */
  rendered?: string;
  /** Each `kubevol:change` detail: what one action of the reader did. */
  onChange?: (change: DemoChange) => void;
}

export declare const KubevolDemo: DefineComponent<KubevolDemoProps>;
export default KubevolDemo;
