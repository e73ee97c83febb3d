#!/usr/bin/env node
// kubevol-prerender: kubevol-lab in a plain HTML site, after the site's own build.
//   npx kubevol-prerender --copy-to site/kubevol site/*.html site/**/*.html
// fills every placeholder of the pages with its demo's first screen (kubevol-lab/prerender) and,
// with --copy-to, copies the demos' files (the loader, the stylesheet and every part) into that
// folder; without it, says where they are. Running it twice changes nothing.
import { readFileSync } from 'node:fs';
import { copyAssets, assetsDir, fillFiles } from '../lib/prerender.mjs';
import { report } from '../lib/kubevol-prerender.mjs';

const USAGE = `usage: kubevol-prerender [--copy-to DIR] FILE.html...

Renders each kubevol-lab placeholder (<div data-kubevol-demo="csi" data-lang="ja"></div>) of the
pages into its demo's first screen, in place. --copy-to DIR copies the files the pages fetch into
DIR; each page then includes, in its <head>, with DIR's URL:
  <link rel="stylesheet" href="/kubevol/kubevol.css">
  <script type="module" src="/kubevol/kubevol.js" async></script>`;

function fail(why) {
  console.error(`kubevol-prerender: ${why}\n\n${USAGE}`);
  process.exit(2);
}

const files = [];
let copyTo;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--help' || arg === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (arg === '--version') {
    console.log(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
    process.exit(0);
  } else if (arg === '--copy-to' || arg.startsWith('--copy-to=')) {
    copyTo = arg === '--copy-to' ? args[++i] : arg.slice('--copy-to='.length);
    if (!copyTo) fail('--copy-to needs a folder');
  } else if (arg === '--') {
    files.push(...args.slice(i + 1));
    break;
  } else if (arg.startsWith('-')) {
    fail(`unknown option ${arg}`);
  } else {
    files.push(arg);
  }
}
if (files.length === 0 && !copyTo) fail('no page given');

let results;
try {
  results = fillFiles(files);
} catch (error) {
  console.error(`kubevol-prerender: ${error.message}`);
  process.exit(1);
}
report(results);
if (copyTo) {
  const names = copyAssets(copyTo);
  console.log(`kubevol-prerender: copied the demos' ${names.length} files into ${copyTo}`);
} else {
  console.log(`kubevol-prerender: the pages fetch the demos' files from where their head says (kubevol.css, kubevol.js); copy them from ${assetsDir} (or run with --copy-to DIR)`);
}
