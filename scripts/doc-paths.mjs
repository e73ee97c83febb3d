// Every file a doc (README.md, ARCHITECTURE.md, CONTRIBUTING.md, docs/**/*.md) or a comment names
// in backticks (`crates/ui/src/mount.rs`, `practice/form.rs`) is a file of the repository: a
// newcomer who follows one finds it. A name is read as a file when it holds a `/` and ends in one
// of our files' extensions; it is found when a tracked file is it or ends with it (a path relative
// to its crate or folder). What a build or a test writes (target/,
// dist/, tests/e2e/out/), a package's entry (`kubevol-lab/vue`), a pattern (`docs/NAME.md`) and
// upstream Kubernetes' files (`pkg/.../*.go`) are not ours to find.
//   node scripts/doc-paths.mjs        (exits 1 and lists each name that is not found)
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).trim().split('\n');
const DOCS = /^(README|ARCHITECTURE|CONTRIBUTING)\.md$|^docs\/.*\.md$|\.(rs|mjs|js|sh|ts|mts|css|html|toml)$/;
const FILE = /\.(rs|mjs|js|md|json|toml|sh|ts|mts|css|html|txt|forms)$/;
const NOT_OURS = /^(target|dist|node_modules|tests\/e2e\/out|kubevol-lab)\//;

const found = (path) => tracked.some((file) => file === path || file.endsWith(`/${path}`));
const missing = [];
for (const doc of tracked.filter((file) => DOCS.test(file))) {
  const lines = readFileSync(doc, 'utf8').split('\n');
  lines.forEach((line, at) => {
    for (const [, named] of line.matchAll(/`([^`\s]+)`/g)) {
      const path = named.replace(/^\.\//, '').replace(/[:#].*$/, '');
      const pattern = /[*{}<>$]/.test(path) || path.split('/').some((part) => /^[A-Z]+(\.\w+)?$/.test(part));
      if (!path.includes('/') || !FILE.test(path) || pattern || NOT_OURS.test(path)) continue;
      if (!found(path)) missing.push(`${doc}:${at + 1}: \`${named}\``);
    }
  });
}
if (missing.length) {
  console.error(`doc-paths: ${missing.length} name(s) in backticks that no file of the repository is:`);
  for (const m of missing) console.error(`  ${m}`);
  process.exit(1);
}
console.log('doc-paths: every file named in backticks in the docs and comments exists');
