#!/usr/bin/env bash
# Installs official Node.js binaries from the npm registry (the `node-<platform>-<arch>` packages the Node.js
# project publishes) into a cache outside the repository, and prints the path of each `node` binary, one a line.
#
#   scripts/node-versions.sh 22 24        # → ~/.cache/kubegen/node/22/.../bin/node, …/24/.../bin/node
#
# A version already in the cache is not installed again (delete ~/.cache/kubegen/node/<major> to refresh it).
# KUBEGEN_NODE_CACHE overrides the cache root. Only the registry is contacted; nothing in the repository changes.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <major>... (e.g. 22 24)" >&2
  exit 2
fi

case "$(uname -s)" in
  Linux) platform=linux ;;
  Darwin) platform=darwin ;;
  *) echo "$0: unsupported platform $(uname -s) (linux or darwin)" >&2; exit 2 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "$0: unsupported architecture $(uname -m) (x64 or arm64)" >&2; exit 2 ;;
esac
package="node-${platform}-${arch}"
cache="${KUBEGEN_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kubegen/node}"

for major in "$@"; do
  if ! [[ "$major" =~ ^[1-9][0-9]*$ ]]; then
    echo "$0: '$major' is not a Node.js major version (e.g. 22)" >&2
    exit 2
  fi
  dir="$cache/$major"
  bin="$dir/node_modules/$package/bin/node"
  if ! [ -x "$bin" ] || ! "$bin" --version >/dev/null 2>&1; then
    rm -rf "$dir.tmp"
    mkdir -p "$dir.tmp"
    # into a temporary directory first, so an interrupted install never looks like a cached one
    npm install --prefix "$dir.tmp" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@$major" >&2
    rm -rf "$dir"
    mv "$dir.tmp" "$dir"
  fi
  actual="$("$bin" --version)"
  if [[ "$actual" != "v$major."* ]]; then
    echo "$0: $bin is $actual, not Node.js $major" >&2
    exit 1
  fi
  echo "$bin"
done
