// The help texts: `--help` is one screen (what the tool does, the commands, the options most runs
// use, where the rest is); `--help --all` is the full listing, the hand-written parts (usage,
// commands, outcomes, exit statuses, examples) around the option sections of the option table.
import { COMMAND_NAMES, COMMANDS } from './command-table.js';
import { COMMAND_OPTIONS, OPTION_SECTIONS, optionRecord } from './options/index.js';
import { optionBlock, sectionLines } from './options/layout.js';

const HEAD = `mcp-elicit: talk to any MCP server and answer its elicitations (forms and URL steps).

Usage
  mcp-elicit [options] tools                          -- <command> [args...]
  mcp-elicit [options] call <tool> [--args <json>] [--arg k=v]  -- <command> [args...]
  mcp-elicit [options] prompts | prompt <name> [--args <json>] [--arg k=v]  -- <command> ...
  mcp-elicit [options] resources | read <uri>         -- <command> [args...]
  mcp-elicit [options] <command> ...  --url <http(s)-url> | --config <file> [--server <name>]
  mcp-elicit [options] demo
  mcp-elicit [options] proxy                          -- <command> [args...]   (or --url, --config)
  mcp-elicit proxy --print-config [--print-config-format codex] --config <file> [--server <name>]
  mcp-elicit proxy --listen 127.0.0.1:<port> [--token-file <file> | --no-token] -- <command> [args...]
  mcp-elicit servers --config <file>
  mcp-elicit auth login|logout --url <url> | --config <file> [--server <name>]
  mcp-elicit auth status [--url <url>] [--json]
  mcp-elicit completion bash|zsh|fish
  mcp-elicit --help [--all]                           (a first screen; --all: this full listing)
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
  answer <id>             Answer a question parked by --park (--set, --args, --accept-defaults,
                          --done for a URL step, --decline, --cancel); the answer is checked
                          like any other, then the call goes on: prints its result, or the
                          next parked question (see docs/agents.md).
  pending                 Every parked question still waiting: server, request, age, expiry.
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
  help [command]          The first screen (--all: this listing), or one command's help.
  proxy                   Be that server for an MCP host (on stdin/stdout, or at a loopback URL
                          with --listen), forwarding everything and giving the host complete
                          elicitation (see docs/proxy.md).`;

const TAIL = `Outcomes
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
  6 --park: the server asked something and the question is parked (stdout shows it and the
  exact answer command; --json: "pending"); 130 interrupted with Ctrl-C (a second Ctrl-C exits at once).

Examples
  mcp-elicit call trigger-elicitation-request -- npx -y @modelcontextprotocol/server-everything
  mcp-elicit --json --accept-defaults --set name=Ada call signup -- node server.js
  mcp-elicit --arg duration=8 --arg steps=4 call trigger-long-running-operation -- npx -y @modelcontextprotocol/server-everything
  mcp-elicit read demo://vault/motto -- node dist/demo/main.js
  mcp-elicit --config ~/.cursor/mcp.json --server github tools
`;

/** The full listing: every command and every option (`mcp-elicit --help --all`). */
export const FULL_HELP = [
  HEAD,
  ...sectionLines(COMMAND_OPTIONS),
  '',
  ...OPTION_SECTIONS.flatMap((section) => [...sectionLines(section), '']),
  TAIL,
].join('\n');

// The options most runs use, each in one line (the full listing has their whole description).
const COMMON: readonly (readonly [string, string])[] = [
  ['url', 'The server at an http(s) URL, instead of -- <command>.'],
  ['config', 'The server from an mcpServers JSON file.'],
  ['server', 'Which server of --config (when it lists several).'],
  ['arg', 'A tool or prompt argument, typed by its schema.'],
  ['ui', 'auto (default), terminal, plain, browser, scripted.'],
  ['set', 'Answer a form field without asking (repeatable).'],
  ['json', 'One JSON report on stdout: result and outcomes.'],
  ['verbose', "Show the server's stderr and each outcome."],
];

function commonOptions(): string[] {
  return COMMON.flatMap(([name, line]) => {
    const option = optionRecord(name);
    return option === undefined ? [] : optionBlock(option, [line]);
  });
}

function commandLines(): string[] {
  return COMMAND_NAMES.map((name) => `  ${name.padEnd(11)} ${COMMANDS[name].summary}`);
}

/** The first screen: what the tool does, its commands, the common options and where the rest is. */
export const HELP = [
  'mcp-elicit: call any MCP server and answer its elicitations (forms, URL steps).',
  '',
  'Usage',
  '  mcp-elicit [options] <command> [<name>] -- <server command> [args...]',
  '  mcp-elicit [options] <command> [<name>] --url <url> | --config <file>',
  '',
  'Commands',
  ...commandLines(),
  '',
  'Common options',
  ...commonOptions(),
  '',
  'Try it: mcp-elicit demo',
  'One command in full: mcp-elicit <command> --help',
  'Every command and option, outcomes, exit statuses: mcp-elicit --help --all',
  '',
].join('\n');
