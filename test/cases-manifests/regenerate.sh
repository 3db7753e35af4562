#!/usr/bin/env bash
# Regenerates every case's expected manifests from its Go twin with the real controller-gen.
#
#   test/cases-manifests/regenerate.sh                # every case
#   test/cases-manifests/regenerate.sh rbac webhook   # only these cases
#
# Each case runs `controller-gen rbac:roleName=<name> webhook paths=./<case>/go/... output:rbac:dir=<case>/expected
# output:webhook:dir=<case>/expected`, where <name> is the content of <case>/role-name (default manager-role).
# controller-gen writes role.yaml only when there are rbac markers and manifests.yaml only when there are webhook
# markers. controller-gen v0.21.0 is installed with `go install` into $(go env GOPATH)/bin when missing (override
# the binary with CONTROLLER_GEN=/path/to/controller-gen).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

# shellcheck source=controller-gen.sh
source "../cases/controller-gen.sh"

for c in "${cases[@]}"; do
  c="${c%/}"
  [ -d "$c/go" ] || { echo "no Go twin: $c/go" >&2; exit 1; }
  role=manager-role
  [ -f "$c/role-name" ] && role="$(tr -d '\n' < "$c/role-name")"
  echo "== $c (roleName=$role)" >&2
  rm -rf "$c/expected"
  "$CG" rbac:roleName="$role" webhook paths="./$c/go/..." output:rbac:dir="$c/expected" output:webhook:dir="$c/expected"
done
