#!/usr/bin/env bash
# Installs the tools the conformance test needs, each in a folder of its own under .tools/
# (gitignored), so they never touch the project's dependencies or its Node 20 runtime path:
#   .tools/node22       the npm registry package `node` (a Node 22 binary): the conformance
#                       runner does not start on Node 20 (it imports `globSync` from `fs`).
#   .tools/conformance  @modelcontextprotocol/conformance, run with that Node 22 binary.
# Idempotent: a tool already installed at the pinned version is left alone (no network).
# TOOLS_DIR overrides the install root (used to check a clean install).
set -euo pipefail

NODE22_VERSION=22.23.3
CONFORMANCE_VERSION=0.2.0-alpha.12

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${TOOLS_DIR:-$root/.tools}

# Prints the version in <dir>/package.json, or nothing when it is absent or unreadable.
package_version() {
  node -e 'try { process.stdout.write(require(process.argv[1]).version ?? "") } catch {}' "$1/package.json"
}

# install <folder> <package> <version>
install() {
  local dir=$tools/$1 package=$2 version=$3
  if [ "$(package_version "$dir/node_modules/$package")" = "$version" ]; then
    echo "setup-conformance: $package@$version already in $dir"
    return
  fi
  echo "setup-conformance: installing $package@$version into $dir"
  mkdir -p "$dir"
  # A private manifest of its own, so npm never walks up to the project's package.json.
  printf '{\n  "name": "mcp-elicit-tools-%s",\n  "private": true\n}\n' "$1" >"$dir/package.json"
  rm -f "$dir/package-lock.json"
  npm install --prefix "$dir" --save-exact --no-audit --no-fund --loglevel=error "$package@$version"
  if [ "$(package_version "$dir/node_modules/$package")" != "$version" ]; then
    echo "setup-conformance: $package@$version did not install into $dir" >&2
    exit 1
  fi
}

install node22 node "$NODE22_VERSION"
install conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION"

node22=$tools/node22/node_modules/node/bin/node
runner=$tools/conformance/node_modules/@modelcontextprotocol/conformance/dist/index.js
actual=$("$node22" --version)
if [ "$actual" != "v$NODE22_VERSION" ]; then
  echo "setup-conformance: $node22 reports $actual, expected v$NODE22_VERSION" >&2
  exit 1
fi
[ -f "$runner" ] || { echo "setup-conformance: missing $runner" >&2; exit 1; }
echo "setup-conformance: ready: $node22 $runner"
