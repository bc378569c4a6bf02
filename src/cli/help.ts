// The --help text. Kept in step with args.ts by test/cli/help.test.ts (every option is listed).
export const HELP = `mcp-elicit: talk to any MCP server and answer its elicitations (forms and URL steps).

Usage
  mcp-elicit [options] tools                          -- <command> [args...]
  mcp-elicit [options] call <tool> [--args <json>] [--arg k=v]  -- <command> [args...]
  mcp-elicit [options] prompts | prompt <name> [--args <json>] [--arg k=v]  -- <command> ...
  mcp-elicit [options] resources | read <uri>         -- <command> [args...]
  mcp-elicit [options] <command> ...  --url <http(s)-url> | --config <file> [--server <name>]
  mcp-elicit [options] demo
  mcp-elicit [options] proxy                          -- <command> [args...]   (or --url, --config)
  mcp-elicit proxy --print-config --config <file> [--server <name>]
  mcp-elicit servers --config <file>
  mcp-elicit auth login|logout --url <url> | --config <file> [--server <name>]
  mcp-elicit auth status [--url <url>] [--json]
  mcp-elicit completion bash|zsh|fish
  mcp-elicit <command> --help                         (that command's options and an example)

Commands
  tools                   List the server's tools, each with its arguments (name, type, required).
  call <tool>             Call a tool, answering any elicitation it makes.
  prompts                 List the server's prompts and their arguments.
  prompt <name>           Get a prompt, answering any elicitation it makes.
  resources               List the server's resources and resource templates.
  read <uri>              Read a resource, answering any elicitation it makes.
                          call, prompt and read share the front-ends, --json report and exit
                          status; an elicitation can come with any of them.
  demo                    Tour of every form type against the bundled demo server. On a
                          terminal it is interactive; without one it answers for you and
                          prints a transcript. Its last step is a URL-mode sign-in on a page the
                          demo serves on 127.0.0.1; without a terminal that page is opened only
                          with --open-urls.
  servers                 List the servers in --config <file>: name, transport, command or URL.
  auth login              Sign in to a --url server now (nothing is called); later runs reuse the
                          stored tokens and refresh them.
  auth status             Each stored sign-in: server, authorization server, expiry, whether it
                          can be refreshed; never a token. --url narrows it to one server.
  auth logout             Revoke the tokens at the authorization server (RFC 7009) where it
                          offers that, then delete them; says so when they could not be revoked.
  completion <shell>      Print a completion script for bash, zsh or fish, e.g.
                          mcp-elicit completion bash > ~/.local/share/bash-completion/completions/mcp-elicit
                          mcp-elicit completion zsh > "\${fpath[1]}/_mcp-elicit"
                          mcp-elicit completion fish > ~/.config/fish/completions/mcp-elicit.fish
  help [command]          This help, or one command's.
  proxy                   Be that server for an MCP host (on stdin/stdout), forwarding everything
                          and giving the host complete elicitation (see docs/proxy.md).
  --elicit <who>          proxy: auto (default: the host answers the modes it declared, the proxy
                          the rest), host, or self (the proxy's own front-end: --ui browser, the
                          default, or --ui scripted).
  --print-config          proxy: print the mcpServers entry that puts --config/--server behind it,
                          running this mcp-elicit by absolute path and keeping --elicit, --ui and
                          the answer flags given with it.

Server (exactly one, except for demo)
  -- <command> [args...]  Start a stdio server (everything after -- is the command).
  --url <url>             A Streamable HTTP server.
  --header "Name: value"  Extra HTTP header (repeatable), e.g. authorization.
  --config <file>         An mcpServers JSON file (Claude Desktop, Cursor, Claude Code, VS Code)
  --server <name>           ...and the server entry to use from it (not needed when there is one).
  --name <label>          How the server is named in prompts (default: config name, command or host).

Sign-in (HTTP servers that answer 401; see docs/authorization.md)
  An HTTP server that needs a sign-in gets one (OAuth 2.1, the MCP authorization spec): on a
  terminal you are asked first, naming the server and the sign-in site; a scripted run opens it only
  with --open-urls, else stops with exit status 5. Tokens are kept in $MCP_ELICIT_AUTH_DIR, else
  $XDG_STATE_HOME/mcp-elicit/auth (by default ~/.local/state/mcp-elicit/auth), 0600 files.
  --client-id <id>        A client ID registered with the authorization server beforehand.
  --client-secret-env VAR Read that client's secret from the environment variable VAR (a secret
                          never goes on a command line).
  --client-metadata-url   <url>: a client ID metadata document (https, with a path), used when the
                          authorization server supports such client IDs.
  --callback-port <n>     Listen for the sign-in's redirect on 127.0.0.1:<n> (default: a free port),
                          for an authorization server that needs a registered redirect URI.
  --scope "<a b>"         Ask for these scopes instead of the ones the server names.

Unattended sign-in (an agent signing in as itself: OAuth client_credentials, no browser, no person)
  --client-credentials    Use the client_credentials grant with --client-id and either
                          --client-secret-env NAME (client_secret_basic) or --client-key-file.
  --client-issuer <url>   The authorization server (issuer URL) the credentials belong to; they
                          are sent to no other. Required with --client-credentials.
  --client-key-file <f>   A PEM private key for private_key_jwt client authentication.
  --client-key-alg <alg>  Its JWS algorithm (default ES256).

Stdio server environment
  A stdio server gets only HOME, LOGNAME, PATH, SHELL, TERM and USER from your environment (the
  SDK's safe set; on Windows its own list), plus the "env" of its config entry, plus:
  --env NAME=value        Set a variable for the server (repeatable; wins over the config).
  --pass-env <name>       Pass a variable of yours through (repeatable); * is a wildcard, e.g.
                          'AWS_*'. --pass-env '*' passes your whole environment, with every token
                          and secret in it: only for servers you trust with all of them.

Tool call and prompt
  --args <json>           Arguments as a JSON object (a prompt's are strings).
  --arg key=value         One argument (repeatable), typed by the tool's inputSchema: numbers,
                          true/false, JSON for objects and arrays; wins over --args. A name the
                          tool or prompt does not take, or a prompt's required one left out, is
                          a usage error (exit 2).
  --timeout <seconds>     Time a request may take, not counting time spent answering
                          elicitations (default 60). A running task is bounded by its ttl and
                          --task-timeout instead; each of its status requests gets this limit.

Tasks (tools that run as long-running tasks, both protocol eras)
  --task                  Run a tool as a task when it allows one (2025-11-25 taskSupport
                          "optional"); tools that require a task always run as one.
  --no-task               Never use tasks: no task-augmented calls, no 2026 Tasks extension, no
                          client-hosted elicitation tasks. A tool that needs one fails, saying so.
                          While a task runs, a terminal shows "working… (12 s) — <status>" on
                          stderr (elsewhere one line per status change); Ctrl-C cancels the task.
  --task-timeout <time>   End a task still running after <time> (90s, 30m, 2h; default 1h), or
                          sooner at the task's own ttl; the server is sent tasks/cancel.

Front-end
  --ui <name>             auto (default: the terminal form when stdin is a TTY, else plain lines),
                          terminal, plain, browser (pages on 127.0.0.1 opened in BROWSER or the
                          system browser), scripted. Prompts go to a terminal (stdout, else
                          stderr, else /dev/tty), so stdout redirected to a file gets only the
                          result.
  --record <file>         Write every answer a person gives (terminal, plain or browser) to <file>
                          (0600) as an --answers file, entry by entry as they are given. Values
                          of fields that look secret (password, token, API key, PIN, ...) are
                          left out and listed in the entry's "supply"; URL steps keep the
                          decision, never the URL. Replay with --answers <file>.
  --answers <file>        Scripted answers: a JSON array of
                          {"action":"accept"|"decline"|"cancel","content"?:{...},"when"?:"<text in message>",
                          "mode"?:"form"|"url","tool"?:"<name>","fields"?:[...],"supply"?:[...]}
                          used in order, each by the first elicitation it matches (when: text in
                          the message; tool: the tool, prompt or URI asking; fields: exactly the
                          form's field names). Accepted content is merged over the defaults; a
                          value {"$env":"NAME"} is read from that variable if --allow-env allows
                          it. Each "supply" field needs --set or a {"$env"} value, checked before
                          the run starts. An entry nothing matched is named in a warning.
  --allow-env <names>     The variables the --answers file may read with {"$env"} (repeatable or
                          comma-separated); any other is refused before connecting (exit 2).
                          The names read are printed on stderr, never their values.
  --set field=value       Answer a field in every form that has it (repeatable; comma-separated for
                          multi-select). Alone, it accepts with defaults for the other fields.
  --accept-defaults       Accept every form with its defaults (plus --set values).
  --decline               Decline every elicitation.
  --cancel                Cancel every elicitation.
                          These flags and --open-urls imply --ui scripted. When no scripted
                          answer applies or an answer does not validate, the elicitation is
                          answered cancel (never decline) and the reason is printed on stderr.
  --open-urls             Scripted: consent to URL-mode steps and open them (BROWSER is honoured);
                          the step counts as done once the opener command has exited. URLs that
                          may not go where they seem (user-info, look-alike or international hosts,
                          raw IP hosts other than this computer, heavy encoding) are not opened:
                          answered cancel (unsafe-url). Every URL's warnings go to stderr and --json.
  --allow-deceptive-urls  Scripted: open such URLs anyway (their warnings are still recorded).
  --modes <list>          Elicitation modes to declare: form, url or form,url (default: form,url for
                          interactive front-ends, form for scripted unless --open-urls or an
                          --answers entry has "mode":"url").
  --rate-limit <n>|off    Prompts a server may show in a row, then per minute (default 10). Over it,
                          a terminal or plain prompt asks whether to mute the server; a script
                          answers cancel (rate-limited). Separately, at most 16 prompts of a server
                          wait at once (1024 with off); more are answered cancel (queue-full).
  --notify <how>          When a prompt waits for you: auto (default: the terminal's bell and
                          notification escapes, OSC 9/777, when prompts are on a terminal, plus a
                          desktop notification where notify-send, osascript or powershell.exe
                          exists), bell, desktop, or off. Scripted runs never notify. The text is ours: the
                          server's name and "asks you to fill in a form", never its message.
  --remind <seconds>|off  Remind again while a prompt stays unanswered, every <seconds> (default
                          180, at most 3 times); off for the first notice only.

Protocol
  --protocol <p>          auto (default: probe once, then remember the server's era), legacy
                          (2025-11-25 handshake), modern (2026-07-28), or a version like 2025-06-18.
  --no-era-cache          Do not read or write the era cache ($XDG_CACHE_HOME/mcp-elicit/eras.json,
                          by default ~/.cache/mcp-elicit/eras.json, or $MCP_ELICIT_CACHE_DIR), which
                          lets auto and modern pins skip the probe.

Output
  --json                  Print one JSON object on stdout:
                          {"ok","result","elicitations":[{"server","mode","message","fields"?,"action","content"?,
                          "reason"?,"url"?,"site"?,"siteAscii"?,"host"?,"warnings"?,"error"?}],
                          "tasks"?:[{"taskId","tool","era","status","history":[{"status",
                          "statusMessage"?,"elapsedMs"}]}],"protocol":{"era","version"},
                          "activity"?:[{"kind":"progress"|"log",...}],"error"?} (prompts, if any,
                          go to a terminal, never stdout). site is the URL's registrable domain as
                          a person reads it (Unicode); siteAscii and host are what the browser
                          really visits (xn-- form).
                          Control, bidi and line-separator characters in strings are written as
                          \\u escapes.
  --audit-log <file>      Append one JSON line per elicitation to <file> (created private, 0600):
                          time, server, mode, message, URL with site and warnings, action, cancel
                          reason, and the names (never values) of fields sent.
  --log-level <level>     Ask the server for log messages at this level and above (debug, info,
                          notice, warning, error, critical, alert, emergency; sent as
                          logging/setLevel, or per request on 2026-07-28). Default: warning and
                          above are shown, nothing is asked of the server.
                          While a request runs, progress and log messages show on stderr: a live
                          line on a terminal; without one only with -v; with --json they are
                          recorded in "activity". A server slow to start shows "starting <name>…".
  -v, --verbose           Show the server's stderr (cleaned of escape codes, each line prefixed with
                          the server's name), the names of the variables it gets, and each
                          elicitation's outcome, on stderr.
  -h, --help              This help.
  --version               Print the version.

Outcomes
  accept   the person submitted the form (or consented to open the URL); only accept carries content.
  decline  the person explicitly said no.
  cancel   dismissed: Escape, Ctrl-C (which also stops the run), closed, withdrawn by the
           server, or no person to ask.

Exit status
  0 success; 1 the request or tool failed (a tool result with isError counts); 2 usage or config
  error; 3 cannot connect to the server; 4 a scripted run answered an elicitation with cancel
  because no scripted answer applied or the answer did not fit the form (an explicit --cancel,
  --decline or answers entry is as asked), or piped answers (stdin not a terminal) ran out before
  an elicitation was answered; --json then says "ok": false, error code "unanswered";
  stderr names each one with its message and field names, e.g. a replayed form that changed;
  5 the server needs a sign-in and nobody can sign in (a scripted run without --open-urls, or the
  person said no; stderr names the sign-in page); a sign-in that was tried and failed is 3;
  130 interrupted with Ctrl-C (a second Ctrl-C exits at once).

Examples
  mcp-elicit call trigger-elicitation-request -- npx -y @modelcontextprotocol/server-everything
  mcp-elicit --json --accept-defaults --set name=Ada call signup -- node server.js
  mcp-elicit --arg duration=8 --arg steps=4 call trigger-long-running-operation -- npx -y @modelcontextprotocol/server-everything
  mcp-elicit read demo://vault/motto -- node dist/demo/main.js
  mcp-elicit --config ~/.cursor/mcp.json --server github tools
`;
