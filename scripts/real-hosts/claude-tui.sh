#!/bin/bash
# Claude Code's interactive UI in front of the proxy (--elicit auto), offline, in tmux:
#   scripts/real-hosts/claude-tui.sh         then: tmux -L realhosts attach -t cc
# Type "Call the tool ask." and the host shows its own form for the echo server's form (required
# name and age). What was recorded on 2026-12-04 (driven with tmux send-keys): the form dialog
# "MCP server "fx" requests your input", Accept refused while a required field is empty ("This
# field is required"), Accept with both fields -> the model got {"action":"accept",...}; Esc ->
# {"action":"cancel"}. Logs: $HOSTS_DIR/logs/cctui-{wire,audit,model}.jsonl. Stop with
# `tmux -L realhosts kill-server` (the tmux server, its host and stand-in live in the namespace).
set -u
# shellcheck source=offline.sh
source "$(dirname "$0")/offline.sh"
if [ "${1:-}" != inner ]; then exec tmux -L realhosts new-session -d -s cc -x 160 -y 45 "$0" inner; fi
rm -f "$LOGS"/cctui-*
H=$HOSTS_DIR/home-claude-tui; W=$HOSTS_DIR/work-claude-tui; mkdir -p "$H" "$W"; cd "$W"
KEY=sk-ant-dummy-key-000000000000000000
export HOME=$H DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 DISABLE_ERROR_REPORTING=1 \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 MCP_CONNECTION_NONBLOCKING=0 \
  ANTHROPIC_BASE_URL=http://127.0.0.1:8811 ANTHROPIC_API_KEY=$KEY
# Skip onboarding, the "use this API key?" question (its last 20 characters) and the trust dialog.
cat > "$H/.claude.json" <<JSON
{"hasCompletedOnboarding":true,"theme":"dark","customApiKeyResponses":{"approved":["${KEY: -20}"],"rejected":[]},
 "projects":{"$W":{"hasTrustDialogAccepted":true,"allowedTools":[]}}}
JSON
FORM='{"schema":{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name","age"]}}'
ARGS=$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1:]))' "$WT/scripts/real-hosts/tap.mjs" "$LOGS/cctui-wire.jsonl" \
  /usr/bin/env node "$WT/dist/cli/bin.js" proxy --audit-log "$LOGS/cctui-audit.jsonl" -- \
  node --import "file://$WT/node_modules/tsx/dist/loader.mjs" "$WT/test/fixtures/servers/echo-form-server.ts")
echo "{\"mcpServers\":{\"fx\":{\"command\":\"node\",\"args\":$ARGS}}}" > mcp.json
node "$WT/scripts/real-hosts/stand-in-model.mjs" --port 8811 --tool ask --args "$FORM" --log "$LOGS/cctui-model.jsonl" 2>/dev/null &
sleep 0.5
exec claude --mcp-config mcp.json --strict-mcp-config --allowedTools mcp__fx__ask --model claude-sonnet-4-5
