#!/usr/bin/env bash
# Bootstraps the build's tools, builds the demos in release mode (offline) and the VitePress book that
# embeds them, and serves both with the cache headers the README recommends:
#   http://127.0.0.1:${PORT:-8080}/        the gallery in the browser's language (/index.html ja, /en.html en);
#                                          /book.html and /book-en.html, plain example pages
#   http://127.0.0.1:$((PORT+1))/          the VitePress book (tests/vitepress), chapters under /parts/
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/bootstrap.sh
source scripts/bootstrap.sh
# Only what a build needs: no browser, WebDriver or valgrind (those are the test command's).
bootstrap build
trunk build --release --offline
./scripts/build-book.sh
port=${PORT:-8080}
trap 'kill 0' EXIT INT TERM
node tests/e2e/static-server.mjs dist "$port" &
node tests/e2e/static-server.mjs tests/vitepress/docs/.vitepress/dist "$((port + 1))" &
wait
