#!/usr/bin/env bash
# What the drawings' writer costs each chapter's first load: the code that reads each new drawing
# in Rust and changes only what differs (crates/ui/src/markup). Builds the demos' wasm once more
# with kubevol-ui's `whole-markup` feature, which writes each drawing whole as innerHTML at every
# change (the simplest writer, the browser parsing it), into a folder of its own, as the release
# build does (build-modules.sh). `scripts/size-report.mjs dist --writer <folder>` then prints the
# difference per kind.
#   scripts/writer-cost.sh [folder]   (default target/whole-markup)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-target/whole-markup}
rm -rf "$out"
mkdir -p "$out"
cp web/kubevol.js "$out/kubevol.js"
TRUNK_STAGING_DIR="$out" TRUNK_PROFILE=release KUBEVOL_WHOLE_MARKUP=1 scripts/build-modules.sh
