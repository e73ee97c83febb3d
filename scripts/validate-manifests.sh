#!/usr/bin/env bash
# Validates the YAML of every object the kubectl panel can show, for every demo preset, and every
# object `kubevol-replay serve` returns (written by crates/replay/tests/serve.rs), against
# Kubernetes 1.34's schemas (the served version, KUBELET_VERSION in crates/kubectl/src/lib.rs),
# strictly (a field the real API does not have is an error).
# `cargo test -p kubevol-kubectl --test kubectl_view` writes the files; this checks them and reports in
# the test command's `test result:` form, one test per file.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/target/tmp/kubectl-manifests"
shopt -s nullglob
files=("$DIR"/*.yaml)
if [ ${#files[@]} -eq 0 ]; then
  echo "no manifests in $DIR: run cargo test -p kubevol-kubectl --test kubectl_view first"
  exit 1
fi
if "$ROOT/.venv/bin/kubernetes-validate" --strict --quiet --kubernetes-version 1.34.0 "${files[@]}"; then
  echo "kubernetes-validate --strict -k 1.34.0: ${#files[@]} manifests valid"
  echo "test result: ok. ${#files[@]} passed; 0 failed"
else
  echo "test result: FAILED. kubernetes-validate found schema errors above"
  exit 1
fi
