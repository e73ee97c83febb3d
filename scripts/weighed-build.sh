#!/usr/bin/env bash
# A build of the demos' wasm made only to be weighed against the product's: the same as the
# release build (build-modules.sh, in its own target folder), with one more feature of kubevol-ui,
# into a folder of its own. The size report weighs each chapter's first load against it:
#   - no-picture: the same boxes, buttons and words without the pictures of the cluster
#     (scripts/picture-cost.sh, which also weighs the stylesheet's picture blocks; `--picture`);
#   - whole-markup: each drawing written whole as innerHTML at every change, the simplest writer,
#     against the one that reads each new drawing in Rust and changes only what differs
#     (crates/ui/src/markup; `--writer`);
#   - no-prompt: every demo without its kubectl prompt (crates/ui/src/prompt.rs; `--prompt`);
#   - no-practice: every demo without its Practice fold (crates/ui/src/practice.rs; `--practice`);
#   - empty-practice: every demo with the Practice fold's toggle and an empty panel: the toggle alone
#     (`--practice-empty`).
#   scripts/weighed-build.sh FEATURE FOLDER
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
feature=${1:?"which kubevol-ui feature the build is weighed with: no-picture, whole-markup, no-prompt, no-practice or empty-practice"}
out=${2:?"the folder to build into"}
rm -rf "$out"
mkdir -p "$out"
cp web/kubevol.js "$out/kubevol.js"
TRUNK_STAGING_DIR="$out" TRUNK_PROFILE=release KUBEVOL_WEIGHED="$feature" scripts/build-modules.sh
