// Types of `kubevol-lab/prerender`.
import type { Level, Scenario } from './kubevol.js';

export interface RenderRequest {
  kind: string;
  lang?: string;
  preset?: string;
  view?: string;
  /** Which demo of its kind on the page, from 1 (a share link names it so). */
  nth?: number;
  scenario?: Scenario;
  /** A level to open the demo in: a built-in level's id (as `data-level` names it), or a level written as an object. */
  level?: string | Level;
}

export interface FillResult {
  html: string;
  /** The placeholders rendered, as `kind #n`. */
  rendered: string[];
  /** The placeholders left for the browser, each with its reason. */
  left: string[];
}

/** The first screen of a demo as HTML, or throws why not. */
export function renderDemo(request: RenderRequest): string;
/** The presets a page can ask `kind` for, `null` (the default) first. */
export function presets(kind: string): (string | null)[];
/** `html` with every placeholder's demo rendered in it, and what was done. */
export function fillHtml(html: string, options?: { vue?: boolean; nth?: Map<string, number> }): FillResult;
/** Fills the placeholders of each file in place; what was done, per file. */
export function fillFiles(files: string[]): { path: string; rendered: string[]; left: string[]; changed: boolean }[];
/** The attribute a rendered placeholder carries. */
export const RENDERED_ATTR: string;
/** The package's folder of the files a page fetches. */
export const assetsDir: string;
/** Copies the demos' files into `dir` (made if missing); returns their names. */
export function copyAssets(dir: string): string[];
