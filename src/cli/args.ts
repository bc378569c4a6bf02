// Command-line parsing with node:util parseArgs. Everything after the first `--` is the stdio
// server command, taken verbatim (for proxy the `--` may be left out, see server-command.ts).
import { parseArgs } from 'node:util';
import type { SignInSettings } from '../auth/settings.js';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import { DEFAULT_REMIND_AFTER_MS, type NotifyChoice } from '../core/attention.js';
import { type AnswerFlags, answerFlags } from './answer-flags.js';
import {
  type ProtocolChoice,
  parseAllowEnv,
  parseAuditLog,
  parseKeepAlive,
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
  type UiChoice,
} from './arg-values.js';
import { type CommandName, isCommand, OPERAND_USAGE, SHELLS } from './command-table.js';
import { parseArgPairs } from './command-words.js';
import { checkListenFlags, type ListenAddress, parseListen, parseSessionIdle } from './listen-args.js';
import { type LogLevel, parseLogLevel } from './log-level.js';
import { OPTIONS, type OptionValues, type ParsedArgs } from './options/index.js';
import { NO_PARK, type ParkArgs, parkArgs } from './park/park-args.js';
import { type PrintConfigFormat, parsePrintConfigFormat } from './print-config-format.js';
import { parseServer, type ServerTarget } from './server-args.js';
import { splitServerCommand } from './server-command.js';
import { type ServerEnvOptions, serverEnvOptions } from './server-env.js';
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
export type { ServerTarget } from './server-args.js';
export interface CliArgs extends ParkArgs {
  readonly command: CommandName | 'version';
  /** `mcp-elicit call --help`: the command whose help to show. */
  readonly helpTopic?: CommandName;
  /** `--help --all`: the full listing instead of the first screen. */
  readonly helpAll?: boolean;
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
  /** proxy `--keep-alive`: ms between keep-alives of a host request a person holds up, or false. */
  readonly keepAliveMs?: number | false;
  /** proxy: print the mcpServers entry instead of running. */
  readonly printConfig?: boolean;
  /** proxy --print-config-format: the printed entry's shape. */
  readonly printConfigFormat?: PrintConfigFormat;
  /** proxy --listen: the URL face's loopback address. */
  readonly listen?: ListenAddress;
  /** proxy --listen --token-file: where the bearer token is read from. */
  readonly tokenFile?: string;
  /** proxy --listen --no-token: no bearer token check. */
  readonly noToken?: boolean;
  /** proxy --listen --session-idle: ms a 2025 host session may sit idle before it is ended, or false. */
  readonly sessionIdleMs?: number | false;
  /** --client-id, --client-secret-env, --client-metadata-url, --callback-port, --scope (HTTP servers). */
  readonly oauth?: SignInSettings;
}

export { OPTIONS } from './options/index.js';

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { own, serverCommand } = splitServerCommand(argv, OPTIONS);
  const { values: v, positionals } = parseOwn(own);
  const [commandWord, ...rest] = positionals;
  const early = helpOrVersion(v, commandWord, rest);
  if (early !== undefined) return early;
  const command = commandOf(commandWord);
  if (command === 'completion') return parseCompletion(rest);
  const operand = operandOf(command, rest, own);
  const toolArgs = commandFlags(v, command);
  const { target, oauth } = parseServer(v, serverCommand, command, operand);
  const choice = answerFlags(v);
  return {
    ...base(command),
    ...(operand !== undefined && { operand }),
    ...(oauth !== undefined && { oauth }),
    toolArgs,
    ...(target !== undefined && { target }),
    ...requestArgs(v, command),
    ...frontEndArgs(v, choice),
    ...sessionArgs(v),
    ...parkArgs(v, command, choice.ui !== undefined || choice.impliedScripted),
  };
}

/** parseArgs over the CLI's own words, its failures explained in the user's terms. */
function parseOwn(own: string[]): ParsedArgs {
  try {
    return parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw explainParseError(error, own, OPTIONS);
  }
}

/** `--help`, `help [command]`, `<command> --help` and `--version` win over everything else. */
function helpOrVersion(
  v: OptionValues,
  commandWord: string | undefined,
  rest: readonly string[],
): CliArgs | undefined {
  if (v.help || commandWord === 'help') {
    const topic = commandWord === 'help' ? rest[0] : commandWord;
    if (topic !== undefined && !isCommand(topic)) throw unknownCommand(topic);
    return {
      ...base('help'),
      ...(topic !== undefined && { helpTopic: topic }),
      ...(v.all === true && { helpAll: true }),
    };
  }
  if (v.all) throw new ElicitError('usage', '--all goes with --help: mcp-elicit --help --all');
  if (v.version) return base('version');
  return undefined;
}

function commandOf(commandWord: string | undefined): CommandName {
  if (commandWord === undefined)
    throw new ElicitError(
      'usage',
      'missing command: use one of tools, call, prompts, prompt, resources, read, demo, proxy, servers, auth (see --help)',
    );
  if (!isCommand(commandWord)) throw unknownCommand(commandWord);
  return commandWord;
}

/** The command's one operand where it takes one (`call <tool>`); no other word may follow. */
function operandOf(command: CommandName, rest: string[], own: readonly string[]): string | undefined {
  const operandUsage = OPERAND_USAGE[command];
  const operand = operandUsage === undefined ? undefined : rest.shift();
  if (operandUsage !== undefined && operand === undefined) throw new ElicitError('usage', operandUsage);
  if (rest.length > 0) throw unexpectedArgument(rest[0] as string, own, OPTIONS);
  return operand;
}

/** Options that belong to one command only; returns --args's JSON (read before that check, so its errors come first). */
function commandFlags(v: OptionValues, command: CommandName): Record<string, unknown> {
  if (command !== 'proxy' && (v.elicit !== undefined || v['print-config'] || v['keep-alive'] !== undefined))
    throw new ElicitError('usage', '--elicit, --keep-alive and --print-config only apply to proxy');
  checkListenFlags(v, command);
  const toolArgs = parseToolArgs(v.args);
  const argsAnswer = v.arg === undefined && command === 'answer';
  if (
    (v.args !== undefined || v.arg !== undefined) &&
    command !== 'call' &&
    command !== 'prompt' &&
    !argsAnswer
  )
    throw new ElicitError('usage', '--args and --arg only apply to call and prompt (and --args to answer)');
  return toolArgs;
}

/** The front-end's settings, each option checked and turned into its value. */
function frontEndArgs(v: OptionValues, { ui, impliedScripted }: AnswerFlags): Partial<CliArgs> {
  return {
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
  };
}

/** The request and its server: proxy's flags, --arg, --log-level, the label, the environment. */
function requestArgs(v: OptionValues, command: CommandName): Partial<CliArgs> {
  return {
    ...(v.elicit !== undefined && { elicit: v.elicit }),
    ...(v['print-config'] && { printConfig: true }),
    ...(v['print-config-format'] !== undefined && { printConfigFormat: parsePrintConfigFormat(v) }),
    ...(v['keep-alive'] !== undefined && { keepAliveMs: parseKeepAlive(v['keep-alive']) }),
    ...(v.listen !== undefined && { listen: parseListen(v.listen) }),
    ...(v['token-file'] !== undefined && { tokenFile: v['token-file'] }),
    ...(v['no-token'] && { noToken: true }),
    ...(v['session-idle'] !== undefined && { sessionIdleMs: parseSessionIdle(v['session-idle']) }),
    argPairs: parseArgPairs(v.arg ?? []),
    ...(v['log-level'] !== undefined && { logLevel: parseLogLevel(v['log-level']) }),
    ...(v.name !== undefined && { label: v.name }),
    serverEnv: serverEnvOptions(v, command),
  };
}

/** The session and the output: protocol, era cache, timeouts, tasks, --json, -v. */
function sessionArgs(v: OptionValues): Partial<CliArgs> {
  return {
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
    ...NO_PARK,
  };
}
