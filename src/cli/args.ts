// Command-line parsing with node:util parseArgs. Everything after the first `--` is the stdio
// server command, taken verbatim (for proxy the `--` may be left out, see server-command.ts).
import { parseArgs } from 'node:util';
import type { SignInSettings } from '../auth/settings.js';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import { DEFAULT_REMIND_AFTER_MS, type NotifyChoice } from '../core/attention.js';
import {
  type ProtocolChoice,
  parseAllowEnv,
  parseAuditLog,
  parseHeaders,
  parseHttpUrl,
  parseModes,
  parseNotify,
  parseProtocol,
  parseRateLimit,
  parseRemind,
  parseSets,
  parseTaskFlags,
  parseTaskTimeout,
  parseTimeout,
  parseToolArgs,
  parseUi,
  type UiChoice,
} from './arg-values.js';
import { type CommandName, isCommand, OPERAND_USAGE, SHELLS } from './command-table.js';
import { parseArgPairs } from './command-words.js';
import { type LogLevel, parseLogLevel } from './log-level.js';
import { OPTIONS } from './options/index.js';
import { splitServerCommand } from './server-command.js';
import { type ServerEnvOptions, serverEnvOptions } from './server-env.js';
import { parseSignInFlags } from './sign-in-flags.js';
import { explainParseError, unexpectedArgument, unknownCommand } from './usage-errors.js';

/** Same shape as the scripted front-end's ScriptedAnswer (kept structural to keep args.ts standalone). */
export interface ScriptedAnswerLike {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Record<string, unknown>;
  readonly when?: string;
  readonly tool?: string;
  readonly fields?: readonly string[];
}

export type { ProtocolChoice, UiChoice } from './arg-values.js';
export type ServerTarget =
  | { kind: 'stdio'; command: string; args: string[] }
  | { kind: 'http'; url: URL; headers: Record<string, string> }
  | { kind: 'config'; file: string; name?: string };

export interface CliArgs {
  readonly command: CommandName | 'version';
  /** `mcp-elicit call --help`: the command whose help to show. */
  readonly helpTopic?: CommandName;
  /** `completion <shell>`. */
  readonly shell?: (typeof SHELLS)[number];
  /** The tool (call), prompt (prompt) or URI (read). */
  readonly operand?: string;
  readonly toolArgs: Record<string, unknown>;
  /** `--arg key=value`, typed later by the tool's inputSchema. */
  readonly argPairs: Record<string, string>;
  /** `--log-level`: sent as logging/setLevel; messages at it and above are shown. */
  readonly logLevel?: LogLevel;
  readonly target?: ServerTarget;
  readonly label?: string;
  readonly serverEnv?: ServerEnvOptions;
  readonly ui: UiChoice;
  readonly uiExplicit: boolean;
  readonly answersFile?: string;
  /** `--allow-env NAME`: the only variables an answers file's `{"$env"}` values may read. */
  readonly allowEnv: readonly string[];
  /** `--record FILE`: every answer a person gives is written to FILE as an answers file. */
  readonly recordFile?: string;
  /** In-memory scripted answers (the demo's transcript); not settable from the command line. */
  readonly scriptedAnswers?: readonly ScriptedAnswerLike[];
  readonly sets: Record<string, string>;
  readonly acceptDefaults: boolean;
  readonly decline: boolean;
  readonly cancel: boolean;
  readonly openUrls: boolean;
  readonly allowDeceptiveUrls: boolean;
  /** `--audit-log FILE`: one JSON line per elicitation appended to FILE. */
  readonly auditLog?: string;
  /** `--notify`: how a waiting prompt is announced (issue 23). */
  readonly notify: NotifyChoice;
  /** `--remind`: ms between reminders, or false. */
  readonly remindAfterMs: number | false;
  /** Prompts per server per minute (token bucket, C-21); false turns the limit off. */
  readonly rateLimit?: number | false;
  readonly modes?: ElicitationMode[];
  readonly protocol: ProtocolChoice;
  readonly eraCache: boolean;
  readonly timeoutMs: number;
  /** Tools whose task support is optional: as the tool asks (auto), as a task (--task), never (--no-task). */
  readonly task: 'auto' | 'prefer' | 'never';
  /** `--task-timeout`: a task ends after this many ms (or sooner at its ttl); default 1 hour. */
  readonly taskTimeoutMs?: number;
  readonly json: boolean;
  readonly verbose: boolean;
  /** proxy: who answers elicitations (auto, host, self). */
  readonly elicit?: string;
  /** proxy: print the mcpServers entry instead of running. */
  readonly printConfig?: boolean;
  /** --client-id, --client-secret-env, --client-metadata-url, --callback-port, --scope (HTTP servers). */
  readonly oauth?: SignInSettings;
}

export { OPTIONS } from './options/index.js';

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { own, serverCommand } = splitServerCommand(argv, OPTIONS);

  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw explainParseError(error, own, OPTIONS);
  }
  const v = parsed.values;
  const positionals = parsed.positionals;

  const [commandWord, ...rest] = positionals;
  if (v.help || commandWord === 'help') {
    const topic = commandWord === 'help' ? rest[0] : commandWord;
    if (topic !== undefined && !isCommand(topic)) throw unknownCommand(topic);
    return { ...base('help'), ...(topic !== undefined && { helpTopic: topic }) };
  }
  if (v.version) return base('version');
  if (commandWord === undefined)
    throw new ElicitError(
      'usage',
      'missing command: use one of tools, call, prompts, prompt, resources, read, demo, proxy, servers, auth (see --help)',
    );
  if (!isCommand(commandWord)) throw unknownCommand(commandWord);
  if (commandWord === 'completion') return parseCompletion(rest);
  const operandUsage = OPERAND_USAGE[commandWord];
  const operand = operandUsage === undefined ? undefined : rest.shift();
  if (operandUsage !== undefined && operand === undefined) throw new ElicitError('usage', operandUsage);
  if (rest.length > 0) throw unexpectedArgument(rest[0] as string, own, OPTIONS);
  if (commandWord !== 'proxy' && (v.elicit !== undefined || v['print-config']))
    throw new ElicitError('usage', '--elicit and --print-config only apply to proxy');
  const takesArgs = commandWord === 'call' || commandWord === 'prompt';

  const toolArgs = parseToolArgs(v.args);
  if ((v.args !== undefined || v.arg !== undefined) && !takesArgs)
    throw new ElicitError('usage', '--args and --arg only apply to call and prompt');

  const targets = [serverCommand.length > 0, v.url !== undefined, v.config !== undefined].filter(
    Boolean,
  ).length;
  if (targets > 1)
    throw new ElicitError(
      'usage',
      'give one server: either -- <command>, --url <url>, or --config <file> --server <name>',
    );
  if (v.server !== undefined && v.config === undefined)
    throw new ElicitError('usage', '--server needs --config <file>');
  if (commandWord === 'servers' && (v.config === undefined || targets > 1 || v.server !== undefined))
    throw new ElicitError(
      'usage',
      'servers lists the entries of a config file: mcp-elicit servers --config <file>',
    );
  if (v.header !== undefined && v.url === undefined)
    throw new ElicitError('usage', '--header only applies with --url');
  let target: ServerTarget | undefined;
  if (serverCommand.length > 0) {
    const [command, ...args] = serverCommand as [string, ...string[]];
    target = { kind: 'stdio', command, args };
  } else if (v.url !== undefined) {
    target = { kind: 'http', url: parseHttpUrl(v.url), headers: parseHeaders(v.header ?? []) };
  } else if (v.config !== undefined) {
    target = { kind: 'config', file: v.config, ...(v.server !== undefined && { name: v.server }) };
  }
  if (target === undefined && commandWord !== 'demo' && !(commandWord === 'auth' && operand === 'status')) {
    throw new ElicitError(
      'usage',
      'no server given: add -- <command> [args...], --url <url>, or --config <file> [--server <name>]',
    );
  }
  const oauth = parseSignInFlags(v, target?.kind);
  if (target !== undefined && commandWord === 'demo') {
    throw new ElicitError('usage', 'demo runs the bundled demo server; it takes no server');
  }

  const scriptedFlags = [
    v.answers !== undefined,
    (v.set ?? []).length > 0,
    !!v['accept-defaults'],
    !!v.decline,
    !!v.cancel,
    !!v['open-urls'],
    !!v['allow-deceptive-urls'],
  ];
  if ([v.decline, v.cancel, v['accept-defaults']].filter(Boolean).length > 1) {
    throw new ElicitError('usage', '--accept-defaults, --decline and --cancel exclude each other');
  }
  const ui = parseUi(v.ui);
  if (ui !== undefined && ui !== 'scripted' && scriptedFlags.some(Boolean)) {
    throw new ElicitError(
      'usage',
      `--ui ${ui} cannot be combined with --answers, --set, --accept-defaults, --decline, --cancel, --open-urls or --allow-deceptive-urls (they imply --ui scripted)`,
    );
  }
  const impliedScripted = scriptedFlags.some(Boolean);
  if (v.record !== undefined && (ui === 'scripted' || impliedScripted)) {
    throw new ElicitError(
      'usage',
      '--record writes down what a person answers; it cannot be combined with --ui scripted or the scripted flags (--answers, --set, ...). Replay the recording with --answers <file>',
    );
  }
  if (v.record === '') throw new ElicitError('usage', '--record needs a file name');

  return {
    ...base(commandWord),
    ...(operand !== undefined && { operand }),
    ...(v.elicit !== undefined && { elicit: v.elicit }),
    ...(v['print-config'] && { printConfig: true }),
    ...(oauth !== undefined && { oauth }),
    toolArgs,
    argPairs: parseArgPairs(v.arg ?? []),
    ...(v['log-level'] !== undefined && { logLevel: parseLogLevel(v['log-level']) }),
    ...(target !== undefined && { target }),
    ...(v.name !== undefined && { label: v.name }),
    serverEnv: serverEnvOptions(v, commandWord),
    ui: ui ?? (impliedScripted ? 'scripted' : 'auto'),
    uiExplicit: ui !== undefined || impliedScripted,
    ...(v.answers !== undefined && { answersFile: v.answers }),
    ...(v.record !== undefined && { recordFile: v.record }),
    sets: parseSets(v.set ?? []),
    allowEnv: parseAllowEnv(v['allow-env'] ?? [], v.answers !== undefined),
    acceptDefaults: !!v['accept-defaults'],
    decline: !!v.decline,
    cancel: !!v.cancel,
    openUrls: !!v['open-urls'],
    allowDeceptiveUrls: !!v['allow-deceptive-urls'],
    ...(v['audit-log'] !== undefined && { auditLog: parseAuditLog(v['audit-log']) }),
    ...(v['rate-limit'] !== undefined && { rateLimit: parseRateLimit(v['rate-limit']) }),
    notify: parseNotify(v.notify),
    remindAfterMs: parseRemind(v.remind),
    ...(v.modes !== undefined && { modes: parseModes(v.modes) }),
    protocol: parseProtocol(v.protocol),
    eraCache: !v['no-era-cache'],
    timeoutMs: parseTimeout(v.timeout),
    task: parseTaskFlags(v.task, v['no-task']),
    ...(v['task-timeout'] !== undefined && { taskTimeoutMs: parseTaskTimeout(v['task-timeout']) }),
    json: !!v.json,
    verbose: !!v.verbose,
  };
}

function parseCompletion(rest: readonly string[]): CliArgs {
  const [shell, extra] = rest;
  const known = SHELLS as readonly string[];
  if (shell === undefined || !known.includes(shell) || extra !== undefined)
    throw new ElicitError('usage', `completion takes one shell: ${SHELLS.join(', ')}`);
  return { ...base('completion'), shell: shell as (typeof SHELLS)[number] };
}

function base(command: CliArgs['command']): CliArgs {
  return {
    command,
    toolArgs: {},
    argPairs: {},
    ui: 'auto',
    uiExplicit: false,
    sets: {},
    allowEnv: [],
    acceptDefaults: false,
    decline: false,
    cancel: false,
    openUrls: false,
    allowDeceptiveUrls: false,
    notify: 'auto',
    remindAfterMs: DEFAULT_REMIND_AFTER_MS,
    protocol: { kind: 'auto' },
    eraCache: true,
    timeoutMs: 60_000,
    task: 'auto',
    json: false,
    verbose: false,
  };
}
