// Types of `kubevol-lab/vitepress`.
import type { MarkdownRenderer, UserConfig } from 'vitepress';

export interface KubevolOptions {
  /** The folder of the built site, under its `base`, that holds the demos' files: `kubevol/` by default. */
  dir?: string;
  /** Render each demo's first screen into its page at the book's build (the Markdown hook): true by default. */
  render?: boolean;
}

/** A Vite plugin, as `vite.plugins` lists it. */
export interface KubevolPlugin {
  name: string;
  [hook: string]: unknown;
}

/** `config` with kubevol-lab added: the Markdown hook, the stylesheet and the loader in `head`, and the plugin that serves and emits the demos' files under `base`. */
export function withKubevol<T extends UserConfig<any>>(config: T, options?: KubevolOptions): T;
/** The Markdown hook alone (VitePress's `markdown.config`): renders each placeholder's first screen into its page. */
export function kubevolMarkdown(md: MarkdownRenderer): void;
/** The Vite plugin alone: serves the demos' files at `base` + `dir` in `vitepress dev` and writes them into the built site. */
export function kubevolFiles(options?: { base?: string; dir?: string }): KubevolPlugin;
/** `html` (one HTML block of a page's Markdown) with its demos rendered in. */
export function fillBlock(html: string, nth?: Map<string, number>): string;
