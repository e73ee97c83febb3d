#!/usr/bin/env bash
# trunk's post_build hook (Trunk.toml): builds the demos' wasm, split into the parts a page fetches
# when it needs them, into trunk's staging folder. trunk has no support for split wasm
# (trunk-rs/trunk#1022), so this does it the way cargo-leptos does:
#   1. cargo builds kubevol-lab for wasm32 with kubevol-ui's `split` feature (crates/ui/src/parts.rs:
#      each `on_demand!` function becomes a split point of Leptos's `wasm_split`) and with the
#      linker's relocations kept (`--emit-relocs`), which the splitter reads;
#   2. wasm-split-cli (crates.io's wasm_split_cli_support, installed by scripts/bootstrap.sh) cuts
#      it, before wasm-bindgen, into the main part, one module per part and the chunks parts share,
#      and writes __wasm_split.js, which says what each part needs;
#   3. wasm-bindgen --target web --keep-lld-exports binds the main part (the exports the parts use
#      must stay);
#   4. the page's script API is a wasm module of its own per kind (crates/api; crates/ui/src/api.rs
#      says why), built from the same target folder and bound, unsplit;
#   5. in release builds the main part and the API modules are trimmed (scripts/trim-module.mjs)
#      and every other module goes through wasm-opt -Oz (npm's binaryen 132, as Trunk.toml pins
#      it), two at a time;
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

# One target folder for the split build, the build without pictures and the script API's modules:
# they share every dependency, built once with the same flags. The variants are features of
# kubevol-ui (its Cargo.toml says why not flags); the linker's relocations, which only the
# splitter reads, are asked of the demos' own binary alone (`cargo rustc -- ...`), so no other
# crate's flags differ. It is not the tests' folder: their flags differ. Wherever cargo puts
# targets, cargo itself says.
target_dir=$(cargo metadata --offline --format-version 1 --no-deps |
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).target_directory))')/wasm
features=kubevol-ui/split
# KUBEVOL_WEIGHED=<a kubevol-ui feature>: a build made only to be weighed against the product's
# (scripts/weighed-build.sh: without the pictures, or writing each drawing whole). Its first loads
# are what counts, so it has no script API modules and no build-time renderer.
weighed=${KUBEVOL_WEIGHED:-}
if [ -n "$weighed" ]; then features+=,kubevol-ui/$weighed; fi
release=(); [ "$profile" = release ] && release=(--release)
# .cargo/config.toml's rustflags (Leptos's erase_components) give way to RUSTFLAGS: say them again.
# The crates' paths, which panic locations carry into the wasm, are cut to what names them: the
# same bytes on every machine, and fewer of them.
export RUSTFLAGS="--cfg erase_components --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src= --remap-path-prefix=$root="
cargo rustc --offline --target wasm32-unknown-unknown --bin kubevol-lab --features "$features" --target-dir "$target_dir" \
  "${release[@]}" -- -Clink-args=--emit-relocs

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-split-cli --target web --out-name kubevol-main "$target_dir/wasm32-unknown-unknown/$profile/kubevol-lab.wasm" "$work"
wasm-bindgen --target=web --no-typescript --keep-lld-exports --out-dir="$work" --out-name=kubevol-main "$work/kubevol-main.wasm"

# The script API's modules, one per kind of demo (crates/api's features), so a page fetches only
# the model its demos run. The kinds are the split's own parts (each `DemoKind` has one, its lab
# another: `csi`, `csi_lab`). A weighed build (above) is weighed by its first loads, which no
# API module is part of: it builds none.
kinds=$(grep -o '^export const __wasm_split_load_[a-z]*' "$work/__wasm_split.js" | sed 's/.*_load_//' | sort -u)
if [ -n "$weighed" ]; then kinds=""; fi
for kind in $kinds; do
  cargo build --offline --target wasm32-unknown-unknown -p kubevol-api --no-default-features --features "$kind" \
    --target-dir "$target_dir" "${release[@]}"
  wasm-bindgen --target=web --no-typescript --out-dir="$work" --out-name="kubevol-api-$kind" \
    "$target_dir/wasm32-unknown-unknown/$profile/kubevol_api.wasm"
  # What the page's loader asks of the module, in the module's own scope (it calls its exports).
  cat web/kubevol-script.js >> "$work/kubevol-api-$kind.js"
done

# KUBEVOL_WASM_NAMES=1 keeps the functions' names in every module, for a profile whose wasm
# frames say what they are (scripts/profile-click.mjs); no page is measured or shipped so.
strip=--strip-debug
if [ -n "${KUBEVOL_WASM_NAMES:-}" ]; then strip=-g; fi
if [ "$profile" = release ]; then
  # Every module is optimised on its own, so all of them go through one queue, two at a time as
  # the machine has two cores, the largest first (the API modules take longest). The parts go
  # through wasm-opt: flattening and re-looping the control flow before -Oz until nothing changes
  # measured about 1 KB brotli smaller on a chapter's page than -Oz alone (as trim-module.mjs
  # does for the main part and the API modules). The main part and the API modules are trimmed:
  # the wasm-streams classes every Leptos module exports but no demo uses go, and what only they
  # need in the glue, then the glue is minified (see scripts/trim-module.mjs).
  {
    for kind in $kinds; do
      printf 'node scripts/trim-module.mjs %s %s open,state,change,formOfLevel\n' "$work/kubevol-api-$kind.js" "$work/kubevol-api-${kind}_bg.wasm"
    done
    printf 'node scripts/trim-module.mjs %s %s\n' "$work/kubevol-main.js" "$work/kubevol-main_bg.wasm"
    find "$work" -maxdepth 1 \( -name 'chunk_*.wasm' -o -name 'split_*.wasm' \) -printf '%s %p\n' | sort -rn |
      while read -r _ part; do
        printf '%s --flatten --rereloop -Oz --converge %s --strip-producers --strip-target-features --output=%s %s\n' \
          "$wasm_opt" "$strip" "$part" "$part"
      done
  } | xargs -P 2 -d '\n' -I{} sh -c '{}'
fi

node scripts/link-parts.mjs "$work" "$out" "$profile" ${weighed:+--no-api}

# The demos' first screens as HTML at build time (crates/render: the same components through
# Leptos's server side, a wasm module for Node; web/kubevol-prerender.mjs fills a built page's
# placeholders with them). Shipped in dist/, so a book renders them at its own build with Node
# alone; the example pages and the gallery here are filled with them. Never fetched by a reader's
# page, so built to compile quickly (Cargo.toml's `render` profile), not to be small. Its glue is CommonJS, named
# .cjs so that a book whose package.json says "type": "module" still loads it.
if [ -z "$weighed" ]; then
  cargo build --offline --target wasm32-unknown-unknown -p kubevol-render --profile render --target-dir "$target_dir"
  wasm-bindgen --target=nodejs --no-typescript --out-dir="$work" --out-name=kubevol-render \
    "$target_dir/wasm32-unknown-unknown/render/kubevol_render.wasm"
  mv "$work/kubevol-render.js" "$out/kubevol-render.cjs"
  mv "$work/kubevol-render_bg.wasm" "$out/kubevol-render_bg.wasm"
  cp web/kubevol-prerender.mjs "$out/kubevol-prerender.mjs"
  node "$out/kubevol-prerender.mjs" "$out/book.html" "$out/book-en.html" "$out/index.html" "$out/en.html"
fi

# The npm package kubevol-lab (scripts/npm-package.mjs): this build's files, the renderer, the
# VitePress plugin, the Vue component and the prerender command, for a book built with Node alone.
# Beside the target folder's wasm/, as target/npm/; `npm pack ./target/npm` makes its tarball.
if [ "$profile" = release ] && [ -z "$weighed" ]; then
  node scripts/npm-package.mjs "$out" "$(dirname "$target_dir")/npm"
fi
