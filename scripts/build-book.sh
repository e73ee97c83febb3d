#!/usr/bin/env bash
# Builds the VitePress book in tests/vitepress/ the way the README tells a book author to: the
# release dist/ copied into docs/public/kubevol/, then `vitepress build` (npm's vitepress, pinned by
# package-lock.json). Needs dist/ (trunk build --release). Output: tests/vitepress/docs/.vitepress/dist.
#   scripts/build-book.sh                      the book
#   scripts/build-book.sh --unrendered DIR     after it, the same book without the Markdown hook that
#                                              renders the demos into the pages, built in DIR (its
#                                              pages are DIR/docs/.vitepress/dist): what the size
#                                              report weighs the rendered pages and chunks against
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
docs="$ROOT/tests/vitepress/docs"
if [ "${1:-}" = --unrendered ]; then
  out="${2:?--unrendered needs a folder}"
  [ -f "$docs/public/kubevol/kubevol.js" ] || { echo "build-book: build the book first" >&2; exit 1; }
  # Inside the repository, so that the book's config finds vitepress in node_modules/.
  case "$out" in /*) ;; *) out="$ROOT/$out" ;; esac
  rm -rf "$out"
  mkdir -p "$out"
  cp -R "$docs" "$out/docs"
  rm -rf "$out/docs/.vitepress/dist" "$out/docs/.vitepress/cache"
  config="$out/docs/.vitepress/config.mts"
  grep -q 'markdown: { config: kubevolMarkdown }' "$config" || { echo "build-book: the hook is not in $config" >&2; exit 1; }
  sed -i -e '/kubevolMarkdown/d' "$config"
  "$ROOT/node_modules/.bin/vitepress" build "$out/docs" 2>&1 | grep -v '^\s*$'
  exit 0
fi
[ -f "$ROOT/dist/kubevol.js" ] || { echo "build-book: no dist/kubevol.js; run trunk build --release first" >&2; exit 1; }
rm -rf "$docs/public/kubevol"
mkdir -p "$docs/public/kubevol"
cp -R "$ROOT/dist/." "$docs/public/kubevol/"
"$ROOT/node_modules/.bin/vitepress" build "$docs" 2>&1 | grep -v '^\s*$'
