# Sourced first by every script here: re-runs the caller inside a network namespace with nothing
# but loopback (`unshare --net`), and refuses to go on if any other interface is visible.
# shellcheck shell=bash
HOSTS_DIR=${HOSTS_DIR:-/tmp/hosts}
WT=$(cd "$(dirname "$0")/../.." && pwd)
if [ "${REAL_HOSTS_NETNS:-}" != 1 ]; then
  exec env REAL_HOSTS_NETNS=1 unshare --net bash "$0" "$@"
fi
ip link set lo up
if ip -o link | grep -qv ': lo:'; then echo "refusing: a non-loopback interface is visible" >&2; exit 1; fi
export PATH="$HOSTS_DIR/node_modules/.bin:$PATH"
LOGS=$HOSTS_DIR/logs; mkdir -p "$LOGS"
