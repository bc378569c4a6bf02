// The CLI entry: parse, connect, run the command, report. The only place that decides the exit
// status (bin.ts turns it into process.exit).
import { basename } from 'node:path';
import { mergeSettings, type SignInSettings } from '../auth/settings.js';
import type { ResolvedTarget } from '../connect/connect.js';
import { unreachable } from '../connect/unreachable.js';
import { VERSION } from '../connect/version.js';
import { ElicitError } from '../contracts/elicit-error.js';
import { safeJsonStringify } from '../core/safe-json.js';
import { sanitizeText } from '../core/sanitize.js';
import type { ElicitationEvent } from '../mcp/events.js';
import { unansweredDetails, unansweredElicitations, unansweredMessage } from './answered.js';
import { type CliArgs, parseCliArgs } from './args.js';
import { commandHelp } from './command-help.js';
import type { CommandContext } from './commands/context.js';
import { loadServerFromConfig, onlyServerName } from './config.js';
import type { Io } from './frontend.js';
import { FULL_HELP, HELP } from './help.js';
import type { JsonReport } from './output.js';
import { parkFromEnv } from './park/park-args.js';
import { describeServerEnv, serverEnvironment } from './server-env.js';
import type { TaskRecord } from './task-status.js';

export async function runMain(argv: readonly string[], io: Io): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    return fail(error, io, argv.includes('--json'), []);
  }
  if (args.command === 'help') {
    io.stdout.write(args.helpTopic ? commandHelp(args.helpTopic) : args.helpAll ? FULL_HELP : HELP);
    return 0;
  }
  if (args.command === 'completion' && args.shell) {
    io.stdout.write((await import('./completion.js')).completionScript(args.shell));
    return 0;
  }
  if (args.command === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const events: ElicitationEvent[] = [];
  const tasks: TaskRecord[] = [];
  try {
    // Loaded only when asked for: it also sits one folder down in the bundle, like its demo server path expects.
    if (args.command === 'demo') return await (await import('./commands/demo.js')).runDemo(args, io);
    if (args.command === 'servers') return await (await import('./commands/servers.js')).runServers(args, io);
    if (args.command === 'pending') return await (await import('./park/pending.js')).runPending(args, io);
    if (args.command === 'answer')
      return parkedStatus(await (await import('./park/answer.js')).runAnswer(args, io, runMain));
    // --park (or MCP_ELICIT_PARK=1): a holder process runs the command, or (a 2026-07-28 HTTP server)
    // this one until the server asks; where it runs parked, io.parking is set.
    if (io.parking === undefined && (args.park || parkFromEnv(args.command, args.uiExplicit, io.env))) {
      const { runParkedCommand } = await import('./park/park-route.js');
      return parkedStatus(await runParkedCommand(argv, args, io, runMain));
    }
    if (args.command === 'proxy' && args.printConfig)
      return await (await import('./commands/proxy.js')).runPrintConfig(args, io);
    if (args.command === 'auth' && args.target === undefined)
      return await (await import('./commands/auth.js')).runAuth(args, io, undefined);
    const { target, name } = await resolveTarget(args, io);
    const label = args.label ?? name ?? defaultLabel(target);
    if (args.command === 'auth')
      return await (await import('./commands/auth.js')).runAuth(args, io, { target, label, events, tasks });
    // The proxy's exit status is its own: the host, not a script, judged each elicitation.
    if (args.command === 'proxy')
      return await (await import('./commands/proxy.js')).runProxyCommand(args, io, {
        target,
        label,
        events,
        tasks,
      });
    const command = await SERVER_COMMANDS[args.command as keyof typeof SERVER_COMMANDS]();
    const status = await command(args, io, { target, label, events, tasks });
    const unanswered = unansweredElicitations(args, events);
    if (status !== 0 || unanswered.length === 0) return status;
    io.stderr.write(`mcp-elicit: ${unansweredMessage(unanswered, events.length)}\n`);
    for (const line of unansweredDetails(unanswered)) io.stderr.write(`${line}\n`);
    return EXIT_STATUS.unanswered;
  } catch (error) {
    return fail(error, io, args.json, events, tasks);
  }
}

type ServerCommand = (args: CliArgs, io: Io, context: CommandContext) => Promise<number>;

// Each command loads only its own code: a cold `call` must not pay for the proxy (and the SDK's
// server half) or the listing commands before it connects.
const SERVER_COMMANDS = {
  tools: async () => (await import('./commands/tools.js')).runTools,
  call: async () => (await import('./commands/call.js')).runCall,
  prompts: async () => (await import('./commands/prompts.js')).runPrompts,
  prompt: async () => (await import('./commands/prompts.js')).runPrompt,
  resources: async () => (await import('./commands/resources.js')).runResources,
  read: async () => (await import('./commands/resources.js')).runRead,
} satisfies Record<string, () => Promise<ServerCommand>>;

async function resolveTarget(args: CliArgs, io: Io): Promise<{ target: ResolvedTarget; name?: string }> {
  const target = args.target;
  if (!target) throw new ElicitError('usage', 'no server given');
  if (target.kind === 'http') return { target: withSignIn(target, args) };
  // Without --server, a file with one server means that one.
  const name = target.kind === 'config' ? (target.name ?? (await onlyServerName(target.file))) : undefined;
  const resolved =
    target.kind === 'config'
      ? await loadServerFromConfig(target.file, name ?? '', io.env)
      : { kind: 'stdio' as const, command: target.command, args: target.args, env: {} };
  const options = args.serverEnv ?? { set: {}, pass: [] };
  if (resolved.kind === 'http') {
    if (Object.keys(options.set).length > 0 || options.pass.length > 0)
      throw new ElicitError('usage', '--env and --pass-env only apply to a stdio server');
    return { target: withSignIn(resolved, args), ...(name !== undefined && { name }) };
  }
  if (args.oauth !== undefined)
    throw new ElicitError(
      'usage',
      'the sign-in options only apply to an HTTP server; this entry runs a command',
    );
  const { env, unmatched } = serverEnvironment(io.env, { ...options, configEnv: resolved.env });
  for (const pattern of unmatched)
    io.stderr.write(`mcp-elicit: --pass-env ${pattern}: no such variable in your environment\n`);
  if (args.verbose) io.stderr.write(`mcp-elicit: ${describeServerEnv(env)}\n`);
  return { target: { ...resolved, env }, ...(name !== undefined && { name }) };
}

// Flags win over the config entry's `oauth` object, field by field.
function withSignIn<T extends { kind: 'http'; oauth?: SignInSettings }>(target: T, args: CliArgs): T {
  const oauth = mergeSettings(target.oauth, args.oauth);
  return { ...target, ...(oauth !== undefined && { oauth }) };
}

function defaultLabel(target: ResolvedTarget): string {
  if (target.kind === 'http') return target.url.host;
  const words = [basename(target.command), ...target.args.map((a) => (a.includes('/') ? basename(a) : a))];
  const label = words.join(' ');
  return label.length > 48 ? `${label.slice(0, 47)}…` : label;
}

// Questions wait for `mcp-elicit answer`: not a failure, and not a result yet.
function parkedStatus(status: number | 'parked'): number {
  return status === 'parked' ? PARKED_STATUS : status;
}

/** call, prompt or read --park: the server asked something, and the question is parked (P-02). */
const PARKED_STATUS = 6;

type CliErrorCode =
  | 'usage'
  | 'config'
  | 'connect'
  | 'request'
  | 'tool-error'
  | 'unanswered'
  | 'sign-in-required'
  | 'sign-in-failed'
  | 'interrupted';

// The one place a failure becomes an exit status (bin.ts passes it to process.exit).
const EXIT_STATUS: Record<CliErrorCode, number> = {
  usage: 2,
  config: 2,
  connect: 3,
  request: 1,
  'tool-error': 1,
  // A scripted run that fell back to cancel (no answer applied, or it did not fit the form).
  unanswered: 4,
  // The server needs a sign-in and nobody can sign in (a scripted run without --open-urls, a "no").
  'sign-in-required': 5,
  // A sign-in was tried and failed: like a failed connection.
  'sign-in-failed': 3,
  // 128 + SIGINT, as shells report a command stopped with Ctrl-C.
  interrupted: 130,
};

function isCliFailure(error: unknown): error is ElicitError<CliErrorCode> {
  return error instanceof ElicitError && Object.hasOwn(EXIT_STATUS, error.code);
}

function fail(
  error: unknown,
  io: Io,
  json: boolean,
  events: ElicitationEvent[],
  tasks: TaskRecord[] = [],
): number {
  const cliError = io.signal?.aborted
    ? new ElicitError('interrupted', 'interrupted (Ctrl-C): the request was cancelled', { cause: error })
    : isCliFailure(error)
      ? error
      : (unreachable(error) ??
        new ElicitError('request', error instanceof Error ? error.message : String(error), { cause: error }));
  // Messages quote names from files and servers: cleaned once more where they reach a terminal.
  const shown = sanitizeText(cliError.message, { multiline: true });
  if (json) {
    // stdout carries the report for the script; the person reading the terminal sees stderr.
    io.stderr.write(`mcp-elicit: ${shown}\n`);
    const report: JsonReport = {
      ok: false,
      elicitations: events,
      ...(tasks.length > 0 && { tasks }),
      error: { code: cliError.code, message: cliError.message },
    };
    io.stdout.write(`${safeJsonStringify(report)}\n`);
  } else {
    io.stderr.write(`mcp-elicit: ${shown}\n`);
    if (cliError.code === 'usage') io.stderr.write('Run mcp-elicit --help for usage.\n');
  }
  return EXIT_STATUS[cliError.code];
}
