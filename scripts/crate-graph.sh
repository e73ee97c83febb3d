#!/usr/bin/env bash
# The direction of the crate graph, checked: the model crate (kubevol-sim) depends on nothing of
# ours and nothing new (serde alone), so kubectl, the UI and the served cluster depend on it and
# never the other way; no YAML reader is in the lockfile (each object is built once, as a value
# tree, and printed from it); and the model crate's size, printed.
set -euo pipefail
cd "$(dirname "$0")/.."
deps=$(cargo tree -p kubevol-sim -e normal --depth 1 --prefix none | tail -n +2 | sed 's/ .*//' | sort -u | tr '\n' ' ')
echo "kubevol-sim depends on: $deps"
if [ "$deps" != "serde " ]; then
  echo "kubevol-sim must depend on serde alone (the model is pure; kubectl and the views depend on it)" >&2
  exit 1
fi
if grep -q '^name = "serde_yaml"' Cargo.lock; then
  echo "serde_yaml is in Cargo.lock: nothing reads YAML back; objects are value trees" >&2
  exit 1
fi
if [ -e crates/sim/src/kubectl ]; then
  echo "crates/sim/src/kubectl exists: kubectl is crates/kubectl's" >&2
  exit 1
fi
lines=$(find crates/sim/src -name '*.rs' -print0 | xargs -0 cat | wc -l)
echo "crates/sim/src: $lines lines; crates/kubectl/src: $(find crates/kubectl/src -name '*.rs' -print0 | xargs -0 cat | wc -l) lines"
echo "breadcrumbs (// Models <upstream path> <symbol>): $(grep -rn '// Models ' crates | wc -l)"
