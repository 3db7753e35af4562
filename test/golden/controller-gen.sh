# Sourced by test/golden/regenerate.sh:
# sets CG to a controller-gen v0.21.0 binary, installing it with `go install` into $(go env GOPATH)/bin when missing
# (override the binary with CONTROLLER_GEN=/path/to/controller-gen), and `cases` to the case folders named on the
# command line, or every folder of the current directory that has a Go twin (`<case>/go`).
CONTROLLER_GEN_VERSION=v0.21.0
CG="${CONTROLLER_GEN:-$(go env GOPATH)/bin/controller-gen}"
if ! "$CG" --version 2>/dev/null | grep -qx "Version: ${CONTROLLER_GEN_VERSION}"; then
  echo "installing controller-gen ${CONTROLLER_GEN_VERSION}" >&2
  GOBIN="$(dirname "$CG")" go install "sigs.k8s.io/controller-tools/cmd/controller-gen@${CONTROLLER_GEN_VERSION}"
fi
if [ "$#" -gt 0 ]; then
  cases=("$@")
else
  cases=()
  for dir in */go; do cases+=("${dir%/go}"); done
fi
