#!/usr/bin/env bash
# Bootstraps the tools, builds the demos in release mode (offline) and serves them on
# http://127.0.0.1:${PORT:-8080}/ : the gallery at / and the example book page at /book.html.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/bootstrap.sh
source scripts/bootstrap.sh
bootstrap
trunk build --release --offline
exec node tests/e2e/static-server.mjs dist "${PORT:-8080}"
