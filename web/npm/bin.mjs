#!/usr/bin/env node
// kubevol-prerender: kubevol-lab in a plain HTML site, after the site's own build.
//   npx kubevol-prerender --copy-to site/kubevol site
// fills every placeholder of the pages (a folder: every HTML page under it) with its demo's first
// screen (kubevol-lab/prerender) and, with --copy-to, copies the demos' files (the loader, the
// stylesheet and every part) into that folder; without it, says where they are. Running it twice
// changes nothing. A placeholder the demo cannot honour in full fails the run, as a build fails,
// before any page is written: the author reads each fault, with its page and line, before a reader
// does. --no-strict writes the pages anyway, each such demo saying its fault on the page.
import { readFileSync } from 'node:fs';
import { copyAssets, assetsDir } from '../lib/prerender.mjs';
import { prerender } from '../lib/kubevol-prerender.mjs';

const USAGE = `usage: kubevol-prerender [--copy-to DIR] [--no-strict] PAGE.html|FOLDER...

Renders each kubevol-lab placeholder (<div data-kubevol-demo="csi" data-lang="ja"></div>) of the
pages into its demo's first screen, in place; a FOLDER stands for every HTML page under it. The
demos speak the page's <html lang> unless a placeholder's data-lang says ja or en.

  --copy-to DIR  copies the files the pages fetch into DIR; each page then includes, in its
                 <head>, with DIR's URL:
                   <link rel="stylesheet" href="/kubevol/kubevol.css">
                   <script type="module" src="/kubevol/kubevol.js" async></script>
  --no-strict    a placeholder the demo cannot honour in full (an unknown kind, language,
                 preset, view or level) is a warning, and its page is written, the demo saying
                 the fault; without it, it is an error and no page is written.

Exit status: 0 done, 1 a placeholder with a fault (without --no-strict) or a page it cannot
read or write, 2 a usage error.`;

function fail(why) {
  console.error(`kubevol-prerender: ${why}\n\n${USAGE}`);
  process.exit(2);
}

const paths = [];
let copyTo;
let strict = true;
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
  } else if (arg === '--no-strict') {
    strict = false;
  } else if (arg === '--') {
    paths.push(...args.slice(i + 1));
    break;
  } else if (arg.startsWith('-')) {
    fail(`unknown option ${arg}`);
  } else {
    paths.push(arg);
  }
}
if (paths.length === 0 && !copyTo) fail('no page given');

const status = prerender(paths, { strict });
if (status === 2) console.error(`\n${USAGE}`); // after what it could not find
if (status !== 0) process.exit(status);
if (copyTo) {
  const names = copyAssets(copyTo);
  console.log(`kubevol-prerender: copied the demos' ${names.length} files into ${copyTo}`);
} else {
  console.log('kubevol-prerender: the pages fetch the demos\' files from where their head says (kubevol.css,'
    + ` kubevol.js); copy them from ${assetsDir} (or run with --copy-to DIR)`);
}
