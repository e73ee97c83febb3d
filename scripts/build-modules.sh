#!/usr/bin/env bash
# trunk's post_build hook (Trunk.toml): builds the one-kind wasm modules (src/bin/) next to the
# all-demo one trunk has just built, the way trunk builds that one (wasm-bindgen --target web, then
# wasm-opt at index.html's data-wasm-opt level in release), into trunk's staging folder.
# Then it names every module's glue and wasm after a hash of their content and writes those names
# into the loader (kubevol.js, which keeps its stable URL) and into kubevol-files.json: a reader's
# cache can then never pair the glue of one build with the wasm of another.
# web/kubevol.js picks the module a page needs.
set -euo pipefail

out=${TRUNK_STAGING_DIR:?"run by trunk as a post_build hook (see Trunk.toml)"}
profile=${TRUNK_PROFILE:-debug}
# One module per kind, as src/bin/ holds them (crates/ui/src/mount.rs checks that list against its
# own and the loader's).
root=$(cd "$(dirname "$0")/.." && pwd)
kinds=()
for bin in "$root"/src/bin/kubevol-*.rs; do kind=${bin##*/kubevol-}; kinds+=("${kind%.rs}"); done

if [ -n "${RUSTFLAGS:-}${CARGO_ENCODED_RUSTFLAGS:-}" ]; then
  echo "build-modules: RUSTFLAGS is set, so .cargo/config.toml's rustflags (Leptos's erase_components) are ignored and the modules grow" >&2
fi

# trunk's own cargo build has just fetched every crate these share, so this one needs no network.
args=(build --offline --target wasm32-unknown-unknown)
[ "$profile" = release ] && args+=(--release)
for kind in "${kinds[@]}"; do args+=(--bin "kubevol-$kind"); done
cargo "${args[@]}"

# Wherever cargo put them (CARGO_TARGET_DIR, build.target-dir...), cargo itself says.
target_dir=$(cargo metadata --offline --format-version 1 --no-deps |
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).target_directory))')

if [ "$profile" = release ]; then
  # The npm binaryen that Trunk.toml pins (version_132): Debian's older wasm-opt breaks this output.
  wasm_opt=wasm-opt
  [ -x node_modules/.bin/wasm-opt ] && wasm_opt=node_modules/.bin/wasm-opt
  if ! "$wasm_opt" --version | grep -q "version 132"; then
    echo "build-modules: need wasm-opt version 132 (npm binaryen, see scripts/bootstrap.sh), found: $("$wasm_opt" --version)" >&2
    exit 1
  fi
  level=$(grep -o 'data-wasm-opt="[^"]*"' "${TRUNK_HTML_FILE:-index.html}" | head -1 | cut -d'"' -f2)
fi

for kind in "${kinds[@]}"; do
  name=kubevol-$kind
  wasm-bindgen --target=web --no-typescript --out-dir="$out" --out-name="$name" \
    "$target_dir/wasm32-unknown-unknown/$profile/$name.wasm"
  if [ "$profile" = release ]; then
    "$wasm_opt" "-O${level:-z}" --output="$out/${name}_bg.wasm" "$out/${name}_bg.wasm"
  fi
done

# Release: drop the wasm-streams classes every Leptos module exports but no demo uses, and what only
# they need in the glue, then minify the glue (see scripts/trim-module.mjs). trunk's kubevol-lab too.
if [ "$profile" = release ]; then
  for name in kubevol-lab "${kinds[@]/#/kubevol-}"; do
    node scripts/trim-module.mjs "$out/$name.js" "$out/${name}_bg.wasm"
  done
fi

# Content-hashed names. One hash covers a module's glue and wasm together, since they only work as
# a pair; trunk's own kubevol-lab files are renamed the same way.
for name in kubevol-lab "${kinds[@]/#/kubevol-}"; do
  hash=$(cat "$out/$name.js" "$out/${name}_bg.wasm" | sha256sum | cut -c1-12)
  mv "$out/$name.js" "$out/$name.$hash.js"
  mv "$out/${name}_bg.wasm" "$out/$name.$hash.wasm"
done
node scripts/name-files.mjs "$out" "$profile"
