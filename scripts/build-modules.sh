#!/usr/bin/env bash
# trunk's post_build hook (Trunk.toml): builds the demos' wasm, split into the parts a page fetches
# when it needs them, into trunk's staging folder. trunk has no support for split wasm
# (trunk-rs/trunk#1022), so this does it the way cargo-leptos does:
#   1. cargo builds kubevol-lab for wasm32 with `--cfg kubevol_split` (crates/ui/src/parts.rs: each
#      `on_demand!` function becomes a split point of Leptos's `wasm_split`) and with the linker's
#      relocations kept (`--emit-relocs`), which the splitter reads;
#   2. wasm-split-cli (crates.io's wasm_split_cli_support, installed by scripts/bootstrap.sh) cuts
#      it, before wasm-bindgen, into the main part, one module per part and the chunks parts share,
#      and writes __wasm_split.js, which says what each part needs;
#   3. wasm-bindgen --target web --keep-lld-exports binds the main part (the exports the parts use
#      must stay);
#   4. in release builds the main part is trimmed (scripts/trim-module.mjs) and every other module
#      goes through wasm-opt -Oz (npm's binaryen 132, as Trunk.toml pins it);
#   5. the page's script API is a wasm module of its own per kind (crates/api; crates/ui/src/api.rs
#      says why), built, bound and (in release builds) trimmed the same way, unsplit;
#   6. scripts/link-parts.mjs packs the modules into the files a page fetches, names every file
#      after its content, and writes their loader and their names into kubevol.js and
#      kubevol-files.json.
set -euo pipefail

out=${TRUNK_STAGING_DIR:?"run by trunk as a post_build hook (see Trunk.toml)"}
profile=${TRUNK_PROFILE:-debug}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The npm binaryen that Trunk.toml pins (version_132): Debian's older wasm-opt breaks this output.
bin() { if [ -x "node_modules/.bin/$1" ]; then echo "node_modules/.bin/$1"; else echo "$1"; fi; }
wasm_opt=$(bin wasm-opt)
if [ "$profile" = release ] && ! "$wasm_opt" --version | grep -q "version 132"; then
  echo "build-modules: need wasm-opt version 132 (npm binaryen, see scripts/bootstrap.sh), found: $("$wasm_opt" --version)" >&2
  exit 1
fi
if [ -n "${RUSTFLAGS:-}${CARGO_ENCODED_RUSTFLAGS:-}" ]; then
  echo "build-modules: RUSTFLAGS is set and would be replaced by the split build's own flags" >&2
  exit 1
fi

# Its own target folder: other rustflags than the test builds', which would otherwise rebuild
# everything each time one follows the other. Wherever cargo puts targets, cargo itself says.
target_dir=$(cargo metadata --offline --format-version 1 --no-deps |
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).target_directory))')/wasm-split
# scripts/picture-cost.sh builds the demos without their pictures, to weigh them: in a target
# folder of its own, for its flags differ.
if [ -n "${KUBEVOL_NO_PICTURE:-}" ]; then target_dir+="-no-picture"; fi
args=(build --offline --target wasm32-unknown-unknown --bin kubevol-lab --target-dir "$target_dir")
[ "$profile" = release ] && args+=(--release)
# .cargo/config.toml's rustflags (Leptos's erase_components) give way to RUSTFLAGS: say them again.
# The crates' paths, which panic locations carry into the wasm, are cut to what names them: the
# same bytes on every machine, and fewer of them.
flags="--cfg erase_components --cfg kubevol_split -Clink-args=--emit-relocs"
if [ -n "${KUBEVOL_NO_PICTURE:-}" ]; then flags+=" --cfg kubevol_no_picture"; fi
flags+=" --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src= --remap-path-prefix=$root="
RUSTFLAGS="$flags" cargo "${args[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-split-cli --target web --out-name kubevol-main "$target_dir/wasm32-unknown-unknown/$profile/kubevol-lab.wasm" "$work"
wasm-bindgen --target=web --no-typescript --keep-lld-exports --out-dir="$work" --out-name=kubevol-main "$work/kubevol-main.wasm"

if [ "$profile" = release ]; then
  # The parts, two at a time as the machine has two cores. Flattening and re-looping the control
  # flow before -Oz until nothing changes measured about 1 KB brotli smaller on a chapter's page
  # than -Oz alone (as trim-module.mjs does for the main part).
  find "$work" -maxdepth 1 \( -name 'chunk_*.wasm' -o -name 'split_*.wasm' \) -print0 |
    xargs -0 -P 2 -I{} "$wasm_opt" --flatten --rereloop -Oz --converge --strip-debug --strip-producers \
      --strip-target-features --output={} {}
  # The main part: drop the wasm-streams classes every Leptos module exports but no demo uses,
  # and what only they need in the glue, then minify the glue (see scripts/trim-module.mjs).
  node scripts/trim-module.mjs "$work/kubevol-main.js" "$work/kubevol-main_bg.wasm"
fi

# The script API's modules, one per kind of demo (crates/api's features), so a page fetches only
# the model its demos run: their own target folder, for they are built without the split's flags.
# The kinds are the split's own parts (each `DemoKind` has one, its lab another: `csi`, `csi_lab`).
kinds=$(grep -o '^export const __wasm_split_load_[a-z]*' "$work/__wasm_split.js" | sed 's/.*_load_//' | sort -u)
api_target="$(dirname "$target_dir")/wasm-api"
for kind in $kinds; do
  api_args=(build --offline --target wasm32-unknown-unknown -p kubevol-api --no-default-features --features "$kind"
    --target-dir "$api_target")
  [ "$profile" = release ] && api_args+=(--release)
  RUSTFLAGS="--cfg erase_components --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src= --remap-path-prefix=$root=" \
    cargo "${api_args[@]}"
  wasm-bindgen --target=web --no-typescript --out-dir="$work" --out-name="kubevol-api-$kind" \
    "$api_target/wasm32-unknown-unknown/$profile/kubevol_api.wasm"
  # What the page's loader asks of the module, in the module's own scope (it calls its exports).
  cat web/kubevol-script.js >> "$work/kubevol-api-$kind.js"
  if [ "$profile" = release ]; then
    node scripts/trim-module.mjs "$work/kubevol-api-$kind.js" "$work/kubevol-api-${kind}_bg.wasm" open,state,change
  fi
done

node scripts/link-parts.mjs "$work" "$out" "$profile"
