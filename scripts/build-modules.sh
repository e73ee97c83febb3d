#!/usr/bin/env bash
# trunk's post_build hook (Trunk.toml): builds the one-kind wasm modules next to the all-demo one
# trunk has just built, the same way trunk builds it (wasm-bindgen --target web, then wasm-opt -Oz
# in release), into trunk's staging folder. web/kubevol.js picks the module a page needs.
set -euo pipefail

out=${TRUNK_STAGING_DIR:?"run by trunk as a post_build hook (see Trunk.toml)"}
profile=${TRUNK_PROFILE:-debug}
target_dir=${CARGO_TARGET_DIR:-target}
kinds=(csi statefulset topology)

args=(build --target wasm32-unknown-unknown)
[ "$profile" = release ] && args+=(--release)
for kind in "${kinds[@]}"; do args+=(--bin "kubevol-$kind"); done
cargo "${args[@]}"

# The npm binaryen that trunk uses (Trunk.toml pins version_132), not an older one on the system.
wasm_opt=wasm-opt
[ -x node_modules/.bin/wasm-opt ] && wasm_opt=node_modules/.bin/wasm-opt

for kind in "${kinds[@]}"; do
  name=kubevol-$kind
  wasm-bindgen --target=web --no-typescript --out-dir="$out" --out-name="$name" "$target_dir/wasm32-unknown-unknown/$profile/$name.wasm"
  if [ "$profile" = release ]; then
    "$wasm_opt" -Oz --output="$out/${name}_bg.wasm" "$out/${name}_bg.wasm"
  fi
done
