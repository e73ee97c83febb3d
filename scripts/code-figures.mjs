// The figures a newcomer's first change meets: the longest line in crates/, how many lines pass
// rustfmt's width, the longest function in crates/ and of each model's reducer and the CSI driver.
// Usage: node scripts/code-figures.mjs [--check]   (--check: fail if a line passes rustfmt's width,
// which `cargo fmt --check` does not police: rustfmt leaves a statement it cannot fit as it is, or
// if a function passes 150 lines: split it along the ideas it holds)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const WIDTH = 120;
const rust = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'target' ? [] : rust(path);
    return path.endsWith('.rs') ? [path] : [];
  });

let longest = { chars: 0, at: '' };
let over = 0;
for (const file of rust('crates')) {
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const chars = [...line].length;
    if (chars > WIDTH) over += 1;
    if (chars > longest.chars) longest = { chars, at: `${file}:${i + 1}` };
  });
}
console.log(`longest line in crates/: ${longest.chars} characters (${longest.at}); ${over} lines over ${WIDTH}`);
if (process.argv.includes('--check') && over > 0) {
  console.error(`code-figures: ${over} line(s) pass ${WIDTH} characters, the longest at ${longest.at}: cut long texts with \\ continuations`);
  process.exit(1);
}

// A function runs from its `fn` line to the first line that closes it at the same indentation.
function longestFn(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let best = { lines: 0, name: '' };
  lines.forEach((line, i) => {
    const m = line.match(/^(\s*)(?:pub(?:\([^)]*\))? )?(?:const |async )?fn (\w+)/);
    if (!m) return;
    for (let j = i; j < lines.length; j++) {
      if ((j === i && line.trimEnd().endsWith('}')) || (j > i && lines[j].startsWith(`${m[1]}}`))) {
        if (j - i + 1 > best.lines) best = { lines: j - i + 1, name: m[2] };
        return;
      }
    }
  });
  return best;
}
for (const file of ['csi/apply.rs', 'csi/driver.rs', 'statefulset/apply.rs', 'topology/apply.rs']) {
  const { lines, name } = longestFn(join('crates/sim/src', file));
  console.log(`longest function in ${file}: ${name}, ${lines} lines`);
}

const LONGEST = 150;
let longestAll = { lines: 0, name: '', file: '' };
for (const file of rust('crates')) {
  const found = longestFn(file);
  if (found.lines > longestAll.lines) longestAll = { ...found, file };
}
console.log(`longest function in crates/: ${longestAll.name} in ${longestAll.file}, ${longestAll.lines} lines`);
if (process.argv.includes('--check') && longestAll.lines > LONGEST) {
  console.error(`code-figures: ${longestAll.name} (${longestAll.file}) is ${longestAll.lines} lines; split it under ${LONGEST}`);
  process.exit(1);
}
