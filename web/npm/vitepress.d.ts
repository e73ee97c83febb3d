// Types of `kubevol-lab/vitepress`.
import type { MarkdownRenderer, UserConfig } from 'vitepress';

export interface KubevolOptions {
  /** The folder of the built site, under its `base`, that holds the demos' files: `kubevol/` by default. */
  dir?: string;
  /** Render each demo's first screen into its page at the book's build (the Markdown hook): true by default. */
  render?: boolean;
  /**
   * Fail the build on a demo it cannot honour in full (an unknown kind, language, preset, view, level or
   * scenario), saying each with its page and line: true by default. False makes them warnings, each page's
   * demo saying its fault. `vitepress dev` only warns.
   */
  strict?: boolean;
  /**
   * The book's language ("ja" or "en"), written onto each demo that names none: by default the page's (its
   * locale's `lang`, else the config's, else VitePress's en-US): ja for ja, ja-JP; en for any other.
   */
  lang?: string;
}

/** A Vite plugin, as `vite.plugins` lists it. */
export interface KubevolPlugin {
  name: string;
  [hook: string]: unknown;
}

/** What a demo of a page's Markdown could not honour, at a line of the page. */
export interface BlockFault {
  line: number;
  message: string;
}

/**
 * `config` with kubevol-lab added: the Markdown hook, the stylesheet and the loader in `head`, and the plugin
 * that serves and emits the demos' files under `base`.
 */
export function withKubevol<T extends UserConfig<any>>(config: T, options?: KubevolOptions): T;
/**
 * The Markdown hook alone (VitePress's `markdown.config`): renders each placeholder's first screen into its page;
 * `lang` (en by default) is written onto a demo that names none, and with `strict` (the default) a page whose
 * demo has a fault fails to render.
 */
export function kubevolMarkdown(md: MarkdownRenderer, options?: { strict?: boolean; lang?: string }): void;
/** The Vite plugin alone: serves the demos' files at `base` + `dir` in `vitepress dev`; writes them into the build. */
export function kubevolFiles(options?: { base?: string; dir?: string }): KubevolPlugin;
/** `html` (one HTML block of a page's Markdown) with its demos rendered in; each fault is pushed onto `faults`. */
export function fillBlock(
  html: string,
  nth?: Map<string, number>,
  options?: { lang?: string; pageLang?: string; line?: number; faults?: BlockFault[] },
): string;
/** The demos' language for a page's `lang`: "ja" for ja, ja-JP; "en" for any other. */
export function demoLang(lang: string | undefined): 'ja' | 'en';
