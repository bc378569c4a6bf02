#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, when it is missing:
#  - tmux (Debian) for the pseudo-terminal tests,
#  - chromium (Debian) for the browser front-end's tests (driven by playwright-core; Playwright's own
#    browser downloads are not used),
#  - Node 22 and the official conformance suite, kept in .tools/ (see scripts/setup-conformance.sh).
# Safe to run repeatedly; does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

# Installs a Debian package that provides command $1 (package $2) when the command is missing.
ensure_package() {
  local command_name="$1" package="$2"
  command -v "$command_name" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-tools: installing $package (Debian package)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  else
    echo "ensure-test-tools: $command_name is missing; install it (e.g. sudo apt-get install $package)" >&2
    exit 1
  fi
}

ensure_package tmux tmux
# CHROMIUM_PATH points the tests at another Chromium build instead.
if [ -z "${CHROMIUM_PATH:-}" ]; then
  ensure_package chromium chromium
fi

if [ -f scripts/setup-conformance.sh ]; then
  bash scripts/setup-conformance.sh
fi
