#!/usr/bin/env bash
# Builds the VitePress book in tests/vitepress/ the way the README tells a book author to: the
# release dist/ copied into docs/public/kubevol/, then `vitepress build` (npm's vitepress, pinned by
# package-lock.json). Needs dist/ (trunk build --release). Output: tests/vitepress/docs/.vitepress/dist.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
docs="$ROOT/tests/vitepress/docs"
[ -f "$ROOT/dist/kubevol.js" ] || { echo "build-book: no dist/kubevol.js; run trunk build --release first" >&2; exit 1; }
rm -rf "$docs/public/kubevol"
mkdir -p "$docs/public/kubevol"
cp -R "$ROOT/dist/." "$docs/public/kubevol/"
"$ROOT/node_modules/.bin/vitepress" build "$docs" 2>&1 | grep -v '^\s*$'
