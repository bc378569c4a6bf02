// `mcp-elicit proxy`: puts the proxy between the host (this process's stdio, or a URL with
// --listen) and the server, and
// `--print-config` prints the mcpServers entry that does so.
import { ElicitError } from '../../contracts/elicit-error.js';
import type { Renderer } from '../../contracts/renderer.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import { sanitizeText } from '../../core/sanitize.js';
import { createSystemOpener } from '../../frontends/open-url.js';
import type { ElicitChoice } from '../../proxy/elicit-route.js';
import { hostReadMs } from '../../proxy/host-refusal.js';
import { PageAddress } from '../../proxy/page-notice.js';
import { proxiedEntry } from '../../proxy/print-config.js';
import { codexToml } from '../../proxy/print-config-toml.js';
import { type SessionOptions, startProxy } from '../../proxy/run-proxy.js';
import { ELICIT_CHOICES } from '../arg-values.js';
import type { CliArgs } from '../args.js';
import { type AuditLog, openAuditLog } from '../audit-log.js';
import { onlyServerName, readServers } from '../config.js';
import { chooseRenderer, declaredModes, type Io } from '../frontend.js';
import type { ListenAddress } from '../listen-args.js';
import { listenToken } from '../listen-token.js';
import { formatEvent } from '../output.js';
import { cliPromptQueue } from '../prompt-queue.js';
import { proxyOptionWords } from '../proxy-options.js';
import { startRecording } from '../record-file.js';
import { selfCommand } from '../self-command.js';
import { ServerStderr } from '../server-stderr.js';
import type { CommandContext } from './context.js';

export async function runProxyCommand(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const elicit = parseElicit(args.elicit);
  const warn = (line: string) => io.stderr.write(`${line}\n`);
  const audit: AuditLog | undefined =
    args.auditLog === undefined ? undefined : await openAuditLog(args.auditLog, warn);
  const pageAddress = new PageAddress();
  const chosen = await selfRenderer(args, { ...io, onPageLaunch: (url) => pageAddress.set(url) }).catch(
    async (error: unknown) => {
      await audit?.close();
      throw error;
    },
  );
  // --record: what the person answers in the proxy's own front-end, as a replayable answers file.
  const recording =
    args.recordFile === undefined
      ? undefined
      : await startRecording(args.recordFile, chosen, warn).catch(async (error: unknown) => {
          await chosen.close?.();
          await audit?.close();
          throw error;
        });
  const self = recording?.renderer ?? chosen;
  const modes = declaredModes(args, self);
  const serverStderr = new ServerStderr({
    label: context.label,
    live: true,
    write: (text) => io.stderr.write(text),
  });
  const stop = new AbortController();
  const onTerm = () => stop.abort();
  process.once('SIGTERM', onTerm);
  const signal = io.signal ? AbortSignal.any([io.signal, stop.signal]) : stop.signal;
  try {
    const session: SessionOptions = {
      target: context.target,
      label: context.label,
      protocol: args.protocol,
      useEraCache: args.eraCache,
      env: io.env,
      elicit,
      self,
      selfModes: modes,
      opener: createSystemOpener(io.env),
      log: (line) => io.stderr.write(`mcp-elicit proxy: ${line}\n`),
      onServerStderr: (chunk) => serverStderr.push(chunk),
      onEvent: (event) => {
        context.events.push(event);
        if (args.verbose) io.stderr.write(`${formatEvent(event)}\n`);
      },
      ...(audit && { audit: (entry) => audit.write(entry) }),
      queue: cliPromptQueue(args),
      ...(args.keepAliveMs !== undefined && { keepAliveMs: args.keepAliveMs }),
      hostReadMs: hostReadMs(io.env),
      pageAddress,
    };
    if (args.listen) return await runUrlFace(args, args.listen, session, signal);
    const proxy = startProxy({ ...session, stdin: io.stdin, stdout: io.stdout, signal });
    return await proxy.done;
  } finally {
    process.off('SIGTERM', onTerm);
    serverStderr.end();
    await recording?.close();
    await audit?.close();
  }
}

/** `--listen`: the URL face until SIGINT or SIGTERM; the URL (and a generated token, once) on stderr. */
async function runUrlFace(
  args: CliArgs,
  address: ListenAddress,
  session: SessionOptions,
  signal: AbortSignal,
): Promise<number> {
  const { token, shown } = await listenToken(args.tokenFile, args.noToken === true);
  // Loaded only for --listen: a stdio proxy does not carry the HTTP stack.
  const { startUrlFace } = await import('../../proxy/url-face.js');
  const face = await startUrlFace({
    ...session,
    ...address,
    token,
    signal,
    ...(args.sessionIdleMs !== undefined && { sessionIdleMs: args.sessionIdleMs }),
  });
  session.log(`listening on ${face.url} (${shown})`);
  return face.done;
}

/** The host owns stdin and stdout, so the proxy's own front-end is the browser (or scripted). */
async function selfRenderer(args: CliArgs, io: Io): Promise<Renderer> {
  if (args.ui === 'scripted' || args.ui === 'browser') return chooseRenderer(args, io);
  if (args.ui === 'auto') return chooseRenderer({ ...args, ui: 'browser' }, io);
  throw new ElicitError(
    'usage',
    `proxy cannot use --ui ${args.ui}: the host owns stdin and stdout; use --ui browser or --ui scripted`,
  );
}

function parseElicit(text: string | undefined): ElicitChoice {
  if (text === undefined) return 'auto';
  if ((ELICIT_CHOICES as readonly string[]).includes(text)) return text as ElicitChoice;
  throw new ElicitError('usage', `--elicit must be one of ${ELICIT_CHOICES.join(', ')} (got "${text}")`);
}

export async function runPrintConfig(args: CliArgs, io: Io): Promise<number> {
  const target = args.target;
  if (target?.kind !== 'config')
    throw new ElicitError('usage', 'proxy --print-config needs --config <file> --server <name>');
  // The same reading as every command: size cap, cleaned messages, own entries only.
  const servers = await readServers(target.file);
  // Without --server, a file with one server means that one (as for every other command).
  const name = target.name ?? (await onlyServerName(target.file));
  const entry = Object.hasOwn(servers, name) ? servers[name] : undefined;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new ElicitError('config', `no server "${sanitizeText(name, { maxLength: 80 })}" in ${target.file}`);
  parseElicit(args.elicit); // a wrong --elicit is an error here, not in the host's log later
  const words = proxyOptionWords(args);
  // `--env` values go in the entry's env (never on its command line), passed on with --pass-env.
  const set = args.serverEnv?.set ?? {};
  const env = { ...(entry as { env?: object }).env, ...set };
  const withEnv = Object.keys(env).length > 0 ? { ...entry, env } : entry;
  const proxied = proxiedEntry(name, withEnv as never, selfCommand(), words);
  if (args.printConfigFormat === 'codex') io.stdout.write(codexToml(name, proxied));
  else io.stdout.write(`${safeJsonStringify({ mcpServers: { [name]: proxied } }, 2)}\n`);
  return 0;
}
