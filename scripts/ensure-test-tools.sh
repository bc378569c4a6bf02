#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, when it is missing:
#  - tmux (Debian) for the pseudo-terminal tests; zsh and fish to syntax-check the completion scripts,
#  - Node 22 and the official conformance suite, kept in .tools/ (see scripts/setup-conformance.sh).
# Safe to run repeatedly; does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for tool in tmux zsh fish; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-tools: installing ${missing[*]} (Debian packages)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "ensure-test-tools: ${missing[*]} missing; install them (e.g. sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
fi

if [ -f scripts/setup-conformance.sh ]; then
  bash scripts/setup-conformance.sh
fi
