#!/usr/bin/env bash
# Regenerates every case's expected CRDs from its Go twin with the real controller-gen.
#
#   test/cases/regenerate.sh            # every case
#   test/cases/regenerate.sh basic cel  # only these cases
#
# controller-gen v0.21.0 is installed with `go install` into $(go env GOPATH)/bin when missing (override the
# binary with CONTROLLER_GEN=/path/to/controller-gen). It runs with `crd:allowDangerousTypes=true` because the
# twins use float64 (the TypeScript `float64` and plain `number`), which controller-gen rejects otherwise.
# The outputs are written unmodified into <case>/expected/, then checked with the apiserver's own CRD validation
# (internal/crdcheck), so that every golden case is a CRD a real cluster accepts.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

# shellcheck source=controller-gen.sh
source "controller-gen.sh"

files=()
for c in "${cases[@]}"; do
  c="${c%/}"
  [ -d "$c/go" ] || { echo "no Go twin: $c/go" >&2; exit 1; }
  echo "== $c" >&2
  rm -rf "$c/expected"
  "$CG" crd:allowDangerousTypes=true paths="./$c/go/..." output:crd:dir="$c/expected"
  files+=("$c"/expected/*.yaml)
done

# Every golden CRD must be one the apiserver accepts.
go run ./internal/crdcheck "${files[@]}"
