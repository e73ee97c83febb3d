// Types of `kubevol-lab/prerender`.
import type { Level, Scenario } from './kubevol.js';

export interface RenderRequest {
  kind: string;
  /** "ja" or "en"; another is a fault, and the demo speaks `pageLang`'s. */
  lang?: string;
  preset?: string;
  view?: string;
  /** Which demo of its kind on the page, from 1 (a share link names it so). */
  nth?: number;
  scenario?: Scenario;
  /** A level to open the demo in: a built-in level's id (as `data-level` names it), or a level written as an object. */
  level?: string | Level;
  /** The page's language, as its `<html lang>` says it ("en-US", "ja"): the demo's when `lang` is not ja or en. */
  pageLang?: string;
}

export interface Screen {
  /** The demo's first screen. */
  html: string;
  /** What the demo could not honour (a preset, language, view, level or scenario), as its screen tells the reader. */
  faults: string[];
}

export interface Fault {
  /** The placeholder, as `kind #n`. */
  demo: string;
  /** The line of its opening tag. */
  line: number;
  /** What its screen tells the reader. */
  message: string;
}

export interface FillResult {
  html: string;
  /** The placeholders rendered, as `kind #n`. */
  rendered: string[];
  /** The placeholders left for the browser, each with its reason. */
  left: string[];
  /** What the rendered placeholders could not honour: a build fails on these unless it is not strict. */
  faults: Fault[];
}

export interface FillOptions {
  /** For a Vue template: the screen goes into the placeholder's `v-html`. */
  vue?: boolean;
  /** The page's demos of each kind so far, for a page filled in pieces. */
  nth?: Map<string, number>;
  /** The page's language: by default its `<html lang>`. */
  pageLang?: string;
  /** Written as the `data-lang` of a placeholder that has none. */
  lang?: string;
  /** The line `html` starts on in its file (1 by default). */
  line?: number;
}

export interface FileResult {
  path: string;
  rendered: string[];
  left: string[];
  faults: Fault[];
  /** Whether filling changed the page. */
  changed: boolean;
  /** Whether the page was written: not when a strict run found a fault in any page. */
  written: boolean;
}

/** The first screen of a demo and what it could not honour; throws the message when no demo can be drawn at all. */
export function renderScreen(request: RenderRequest): Screen;
/** The first screen of a demo as HTML; throws the message when no demo can be drawn (an unknown kind). */
export function renderDemo(request: RenderRequest): string;
/** The presets a page can ask `kind` for, `null` (the default) first. */
export function presets(kind: string): (string | null)[];
/** `html` with every placeholder's demo rendered in it, and what was done. */
export function fillHtml(html: string, options?: FillOptions): FillResult;
/**
 * Fills the placeholders of each file in place; what was done, per file. With `strict` (the default), a fault
 * in any page stops the run: no page is written.
 */
export function fillFiles(files: string[], options?: { strict?: boolean }): FileResult[];
/** The HTML pages under a folder, in every folder below it. */
export function pagesUnder(dir: string): string[];
/** The attribute a rendered placeholder carries. */
export const RENDERED_ATTR: string;
/** The package's folder of the files a page fetches. */
export const assetsDir: string;
/** Copies the demos' files into `dir` (made if missing); returns their names. */
export function copyAssets(dir: string): string[];
