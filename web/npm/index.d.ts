// Types of `kubevol-lab`, the page script API: the same functions and values as the loader's
// (kubevol.d.ts), which this entry asks for the page's loader.
export type { Action, DemoChange, DemoKind, DemoState, ModelName, ModelValue, MountOptions, Scenario, Level, LevelCheck, Words } from './kubevol.js';
export { getState, mountDemo, mountedDemos, unmountDemo } from './kubevol.js';

/** The URL of the page's loader: its head's module script (withKubevol puts it there), else `src`, else /kubevol/kubevol.js. */
export function loaderUrl(src?: string): string;
/** The page's loader module (kubevol.js), imported once. */
export function loader(src?: string): Promise<typeof import('./kubevol.js')>;
