#!/usr/bin/env bash
# What the pictures of the cluster cost each chapter's first load. Builds the demos' wasm once more
# with kubevol-ui's `no-picture` feature (crates/ui/src/drawing.rs: the same boxes, buttons and words,
# without the drawing) into a folder of its own (scripts/weighed-build.sh), and weighs the stylesheet's picture blocks (`/* picture: */ ... /* :picture */`)
# by minifying it with and without them. `scripts/size-report.mjs dist --picture <folder>` then
# prints the difference per kind.
#   scripts/picture-cost.sh [folder]   (default target/no-picture)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-target/no-picture}
scripts/weighed-build.sh no-picture "$out"
node -e '
const { transformSync } = require("esbuild");
const { readFileSync, writeFileSync } = require("node:fs");
const { brotliCompressSync } = require("node:zlib");
const source = readFileSync("web/kubevol.css", "utf8");
const blocks = /\/\* picture: \*\/[\s\S]*?\/\* :picture \*\//g;
if (!blocks.test(source)) throw new Error("picture-cost: web/kubevol.css has no picture blocks");
const weigh = (css) => brotliCompressSync(Buffer.from(transformSync(css, { loader: "css", minify: true }).code)).length;
const without = source.replace(blocks, "");
writeFileSync(process.argv[1] + "/kubevol.css", transformSync(without, { loader: "css", minify: true }).code);
writeFileSync(process.argv[1] + "/picture-css.json", JSON.stringify({ brotli: weigh(source) - weigh(without) }));
' "$out"
