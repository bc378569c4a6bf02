#!/bin/bash
# Runs real MCP hosts in front of `mcp-elicit proxy` with the fixture servers, offline.
#   scripts/real-hosts/run.sh [inspector|claude|codex|gemini ...]     (default: all four)
# Needs: `npm run build` in this checkout; the hosts installed outside the repo:
#   npm install --prefix "$HOSTS_DIR" @anthropic-ai/claude-code @openai/codex @google/gemini-cli @modelcontextprotocol/inspector
# Everything runs inside a network namespace with nothing but loopback (the script re-executes
# itself under `unshare --net`, which needs root or user namespaces). Each host gets a scratch
# HOME under $HOSTS_DIR, telemetry and auto-update off, and a stand-in model on 127.0.0.1
# (stand-in-model.mjs). Logs per case go to $HOSTS_DIR/logs/<host>-<case>-{wire,audit,model}.jsonl
# plus the host's stdout/stderr; one summary line per case goes to stdout.
set -u
# shellcheck source=offline.sh
source "$(dirname "$0")/offline.sh"
CASE_TIMEOUT=${CASE_TIMEOUT:-90}      # a case the proxy's browser page waits on ends here
TSX=file://$WT/node_modules/tsx/dist/loader.mjs
ECHO_SRV=(node --import "$TSX" "$WT/test/fixtures/servers/echo-form-server.ts")
URL_SRV=(node --import "$TSX" "$WT/test/fixtures/servers/url-flow-server.ts")
VISIT="node $WT/test/fixtures/browser/visit-page.mjs --mode=submit --log=$LOGS/browser.jsonl"
FORM='{"schema":{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name","age"]}}'
SCRIPTED=(--elicit self --ui scripted --set name=Ada --set age=36 --open-urls)

# The proxy command as a JSON array (through tap.mjs, which logs the host<->proxy wire).
proxy_args() { # <host> <case> <proxy flags and -- server...>
  local host=$1 tag=$2; shift 2
  python3 -c 'import json,sys; print(json.dumps(sys.argv[1:]))' "$WT/scripts/real-hosts/tap.mjs" \
    "$LOGS/$host-$tag-wire.jsonl" /usr/bin/env node "$WT/dist/cli/bin.js" proxy \
    --audit-log "$LOGS/$host-$tag-audit.jsonl" "$@"
}

start_model() { # <port> <host> <case> <tool> <args>
  node "$WT/scripts/real-hosts/stand-in-model.mjs" --port "$1" --tool "$4" --args "$5" --log "$LOGS/$2-$3-model.jsonl" 2>/dev/null &
  MODEL=$!; sleep 0.5
}

summary() { # <host> <case> <host exit status>
  python3 - "$LOGS" "$1" "$2" "$3" <<'PY'
import json, sys, os
logs, host, tag, rc = sys.argv[1:]
def lines(name):
    path = os.path.join(logs, f"{host}-{tag}-{name}")
    return open(path, errors="replace").read().splitlines() if os.path.exists(path) else []
audit = "; ".join(" ".join(filter(None, [e["mode"], e["action"], e.get("reason")])) for e in map(json.loads, lines("audit.jsonl")))
out = "\n".join(lines("out.txt"))
result = next((l for l in reversed(out.splitlines()) if "TOOL RESULT:" in l), None)
if result is None:
    try: result = json.loads(out)["content"][0]["text"]
    except Exception: result = (out.strip().splitlines() or lines("err.txt")[-1:] or [""])[-1]
if rc == "124": result = "host still waiting at CASE_TIMEOUT (a prompt open on the proxy's browser page)"
print(f"{host:9} {tag:10} audit: {audit or 'none':30} result: {result[:150]}")
PY
}

run_inspector() { # <case> <tool> <args> <proxy flags and -- server...>
  local tag=$1 tool=$2 targs=$3; shift 3
  rm -f "$LOGS/inspector-$tag"-*
  local cmd; mapfile -t cmd < <(python3 -c 'import json,sys; [print(a) for a in json.loads(sys.argv[1])]' "$(proxy_args inspector "$tag" "$@")")
  local targ=(); [ "$targs" != '{}' ] && targ=(--tool-arg "schema=$(python3 -c 'import json,sys; print(json.dumps(json.loads(sys.argv[1])["schema"]))' "$targs")")
  HOME=$HOSTS_DIR/home-inspector BROWSER=$VISIT timeout "$CASE_TIMEOUT" mcp-inspector --cli node "${cmd[@]}" \
    --method tools/call --tool-name "$tool" "${targ[@]}" > "$LOGS/inspector-$tag-out.txt" 2> "$LOGS/inspector-$tag-err.txt"
  summary inspector "$tag" $?
}

run_claude() {
  local tag=$1 tool=$2 targs=$3; shift 3
  rm -f "$LOGS/claude-$tag"-*; mkdir -p "$HOSTS_DIR/home-claude" "$HOSTS_DIR/work-claude"
  printf '{"mcpServers":{"fx":{"command":"node","args":%s,"env":{"BROWSER":"%s"}}}}\n' "$(proxy_args claude "$tag" "$@")" "$VISIT" > "$HOSTS_DIR/work-claude/mcp.json"
  start_model 8801 claude "$tag" "$tool" "$targs"
  (cd "$HOSTS_DIR/work-claude" && HOME=$HOSTS_DIR/home-claude DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 DISABLE_ERROR_REPORTING=1 \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 MCP_CONNECTION_NONBLOCKING=0 \
    ANTHROPIC_BASE_URL=http://127.0.0.1:8801 ANTHROPIC_API_KEY=dummy \
    timeout "$CASE_TIMEOUT" claude -p "Call the tool $tool." --mcp-config mcp.json --strict-mcp-config \
      --allowedTools "mcp__fx__$tool" --model claude-sonnet-4-5 > "$LOGS/claude-$tag-out.txt" 2> "$LOGS/claude-$tag-err.txt")
  local rc=$?; kill "$MODEL"; summary claude "$tag" $rc
}

run_codex() {
  local tag=$1 tool=$2 targs=$3; shift 3
  rm -f "$LOGS/codex-$tag"-*; local home=$HOSTS_DIR/home-codex; mkdir -p "$home/.codex" "$HOSTS_DIR/work-codex"
  cat > "$home/.codex/config.toml" <<TOML
model = "stand-in"
model_provider = "standin"
approval_policy = "never"
sandbox_mode = "read-only"
check_for_update_on_startup = false

[analytics]
enabled = false

[feedback]
enabled = false

[model_providers.standin]
name = "standin"
base_url = "http://127.0.0.1:8802/v1"
wire_api = "responses"
env_key = "STANDIN_KEY"

[mcp_servers.fx]
command = "node"
args = $(proxy_args codex "$tag" "$@")
required = true
default_tools_approval_mode = "approve"
env = { BROWSER = "$VISIT" }
TOML
  start_model 8802 codex "$tag" "$tool" "$targs"
  (cd "$HOSTS_DIR/work-codex" && HOME=$home CODEX_HOME=$home/.codex STANDIN_KEY=dummy \
    timeout "$CASE_TIMEOUT" codex exec --skip-git-repo-check "Call the tool $tool." < /dev/null > "$LOGS/codex-$tag-out.txt" 2> "$LOGS/codex-$tag-err.txt")
  local rc=$?; kill "$MODEL"; summary codex "$tag" $rc
}

run_gemini() {
  local tag=$1 tool=$2 targs=$3; shift 3
  rm -f "$LOGS/gemini-$tag"-*; local home=$HOSTS_DIR/home-gemini; mkdir -p "$home/.gemini" "$HOSTS_DIR/work-gemini"
  cat > "$home/.gemini/settings.json" <<JSON
{ "security": { "auth": { "selectedType": "gemini-api-key" }, "folderTrust": { "enabled": false } },
  "privacy": { "usageStatisticsEnabled": false }, "telemetry": { "enabled": false },
  "general": { "disableAutoUpdate": true, "enableAutoUpdate": false, "enableAutoUpdateNotification": false },
  "mcpServers": { "fx": { "command": "node", "args": $(proxy_args gemini "$tag" "$@"), "env": { "BROWSER": "$VISIT" }, "trust": true } } }
JSON
  start_model 8803 gemini "$tag" "$tool" "$targs"
  (cd "$HOSTS_DIR/work-gemini" && HOME=$home GEMINI_API_KEY=dummy GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:8803 \
    timeout "$CASE_TIMEOUT" gemini -p "Call the tool $tool." --yolo -m gemini-2.5-flash > "$LOGS/gemini-$tag-out.txt" 2> "$LOGS/gemini-$tag-err.txt")
  local rc=$?; kill "$MODEL"; summary gemini "$tag" $rc
}

for host in "${@:-inspector claude codex gemini}"; do
  for h in $host; do
    "run_$h" form-auto ask "$FORM" -- "${ECHO_SRV[@]}"
    "run_$h" form-self ask "$FORM" "${SCRIPTED[@]}" -- "${ECHO_SRV[@]}"
    "run_$h" url-auto connect_account '{}' -- "${URL_SRV[@]}"
    "run_$h" url-self connect_account '{}' "${SCRIPTED[@]}" -- "${URL_SRV[@]}"
    "run_$h" req-auto connect_account_required '{}' -- "${URL_SRV[@]}"
    "run_$h" req-self connect_account_required '{}' "${SCRIPTED[@]}" -- "${URL_SRV[@]}"
    "run_$h" form-host ask "$FORM" --elicit host -- "${ECHO_SRV[@]}"
  done
done
