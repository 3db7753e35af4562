#!/usr/bin/env bash
# Regenerates the controller-gen side of every golden case from its Go twin: the expectations that come from the
# real controller-gen, never from kubegen (those are rewritten by `KUBEGEN_UPDATE_GOLDEN=1 npx jest test/golden`).
#
#   test/golden/regenerate.sh            # every case with a Go twin (<case>/go)
#   test/golden/regenerate.sh basic cel  # only these cases
#
# For each case it runs, once, `controller-gen crd:allowDangerousTypes=true rbac:roleName=<role> webhook
# paths=./<case>/go/...` with `output:<generator>:dir=<case>/expected/<generator>`: CRDs into expected/crd/,
# role.yaml into expected/rbac/ (only when the twin has +kubebuilder:rbac markers), manifests.yaml into
# expected/webhook/ (only with +kubebuilder:webhook markers). <role> is the content of <case>/role-name (default
# manager-role). `allowDangerousTypes` because the twins use float64 (the TypeScript `float64` and plain `number`),
# which controller-gen rejects otherwise. The outputs are written unmodified, then every CRD is checked with the
# apiserver's own CRD validation (internal/crdcheck), so that every golden CRD is one a real cluster accepts.
# expected/generated/ and expected/diagnostics.txt (kubegen's own output) are left alone.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

# shellcheck source=controller-gen.sh
source "controller-gen.sh"

crds=()
for c in "${cases[@]}"; do
  c="${c%/}"
  [ -d "$c/go" ] || { echo "no Go twin: $c/go" >&2; exit 1; }
  role=manager-role
  [ -f "$c/role-name" ] && role="$(tr -d '\n' < "$c/role-name")"
  echo "== $c (roleName=$role)" >&2
  rm -rf "$c/expected/crd" "$c/expected/rbac" "$c/expected/webhook"
  "$CG" crd:allowDangerousTypes=true rbac:roleName="$role" webhook paths="./$c/go/..." \
    output:crd:dir="$c/expected/crd" output:rbac:dir="$c/expected/rbac" output:webhook:dir="$c/expected/webhook"
  if [ -d "$c/expected/crd" ]; then crds+=("$c"/expected/crd/*.yaml); fi
done

# Every golden CRD must be one the apiserver accepts.
if [ "${#crds[@]}" -gt 0 ]; then go run ./internal/crdcheck "${crds[@]}"; fi
