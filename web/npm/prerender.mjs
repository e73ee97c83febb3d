// kubevol-lab for plain HTML sites (`kubevol-lab/prerender`): the build-time renderer that puts
// each demo's first screen into built pages (kubevol-prerender.mjs, also the `kubevol-prerender`
// command), and the demos' files to copy beside the pages.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export {
  fillFiles, fillHtml, pagesUnder, presets, RENDERED_ATTR, renderDemo, renderScreen,
} from './kubevol-prerender.mjs';

/** The package's folder of the files a page fetches: the loader, the stylesheet, kubevol-files.json and every part. */
export const assetsDir = fileURLToPath(new URL('../assets/', import.meta.url));

/** Copies the demos' files into `dir` (made if missing); returns their names. */
export function copyAssets(dir) {
  mkdirSync(dir, { recursive: true });
  const names = readdirSync(assetsDir);
  for (const name of names) cpSync(join(assetsDir, name), join(dir, name));
  return names;
}
