#!/usr/bin/env bash
# Builds the VitePress book in tests/vitepress/ the way the README tells a book author to: the npm
# package the release build made (target/npm) packed into its tarball and installed from that file
# into tests/vitepress/ (npm install --no-save: nothing else changes there), the config wrapped in
# withKubevol, then `vitepress build` (npm's vitepress, pinned by package-lock.json). Needs the
# release build (trunk build --release). Output: tests/vitepress/docs/.vitepress/dist.
#   scripts/build-book.sh                      the book
#   scripts/build-book.sh --unrendered DIR     after it, the same book without the Markdown hook that
#                                              renders the demos into the pages (withKubevol's
#                                              `render: false`), built in DIR (its pages are
#                                              DIR/docs/.vitepress/dist): what the size report
#                                              weighs the rendered pages and chunks against
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
book="$ROOT/tests/vitepress"
docs="$book/docs"
target="${CARGO_TARGET_DIR:-$ROOT/target}"
if [ "${1:-}" = --unrendered ]; then
  out="${2:?--unrendered needs a folder}"
  [ -d "$book/node_modules/kubevol-lab" ] || { echo "build-book: build the book first" >&2; exit 1; }
  # Inside the repository, so that the book's config finds vitepress in node_modules/; the package
  # is the book's own install.
  case "$out" in /*) ;; *) out="$ROOT/$out" ;; esac
  rm -rf "$out"
  mkdir -p "$out"
  cp -R "$docs" "$out/docs"
  ln -s "$book/node_modules" "$out/node_modules"
  rm -rf "$out/docs/.vitepress/dist" "$out/docs/.vitepress/cache"
  config="$out/docs/.vitepress/config.mts"
  import="import { withKubevol } from 'kubevol-lab/vitepress'"
  grep -qx "$import" "$config" || { echo "build-book: withKubevol is not imported in $config" >&2; exit 1; }
  sed -i -e "s#^$import\$#import { withKubevol as withAll } from 'kubevol-lab/vitepress'\nconst withKubevol = (config) => withAll(config, { render: false })#" "$config"
  "$ROOT/node_modules/.bin/vitepress" build "$out/docs" 2>&1 | grep -v '^\s*$'
  exit 0
fi
[ -f "$target/npm/package.json" ] || { echo "build-book: no $target/npm; run trunk build --release first" >&2; exit 1; }
tarball="$(cd "$target" && npm pack ./npm --silent)"
echo "build-book: packed $target/$tarball"
(cd "$book" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$target/$tarball")
rm -rf "$docs/.vitepress/cache"
"$ROOT/node_modules/.bin/vitepress" build "$docs" 2>&1 | grep -v '^\s*$'
