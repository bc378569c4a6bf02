#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, when it is missing:
#  - tmux (Debian) for the pseudo-terminal tests,
#  - Node 22 and the official conformance suite, kept in .tools/ (see scripts/setup-conformance.sh).
# Safe to run repeatedly; does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-tools: installing tmux (Debian package)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null
  else
    echo "ensure-test-tools: tmux is missing; install it (e.g. sudo apt-get install tmux)" >&2
    exit 1
  fi
fi

if [ -f scripts/setup-conformance.sh ]; then
  bash scripts/setup-conformance.sh
fi
