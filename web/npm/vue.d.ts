// Types of `kubevol-lab/vue`: the KubevolDemo component.
import type { DefineComponent } from 'vue';
import type { DemoChange, DemoKind, Scenario } from './kubevol.js';

export interface KubevolDemoProps {
  /** "csi", "statefulset" or "topology". */
  kind: DemoKind;
  /** "ja" (the default) or "en". */
  lang?: 'ja' | 'en';
  /** A scenario the demo starts from, as data-preset names it. */
  preset?: string;
  /** "lab" opens every fold. */
  view?: 'lab' | 'chapter';
  /** A moment to open, in the replay format; getState gives one. */
  scenario?: Scenario;
  /** Where kubevol.js is, when the page's head does not include it. */
  src?: string;
  /** The demo's first screen as HTML, written by the Markdown hook at build time; not written by hand. */
  rendered?: string;
  /** Each `kubevol:change` detail: what one action of the reader did. */
  onChange?: (change: DemoChange) => void;
}

export declare const KubevolDemo: DefineComponent<KubevolDemoProps>;
export default KubevolDemo;
