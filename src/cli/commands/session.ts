// Shared by tools and call: choose the front-end, connect, and report elicitations as they end.

import { type Connection, type ConnectOptions, connect } from '../../connect/connect.js';
import type { ElicitationMode } from '../../contracts/protocol.js';
import type { Renderer } from '../../contracts/renderer.js';
import { createSystemOpener } from '../../frontends/open-url.js';
import type { ScriptedRenderer } from '../../frontends/scripted/index.js';
import type { PromptQueue } from '../../mcp/prompt-queue.js';
import type { Activity } from '../activity.js';
import { unmatchedSetWarnings, unusedAnswerWarnings } from '../answered.js';
import type { CliArgs } from '../args.js';
import { type AuditLog, openAuditLog } from '../audit-log.js';
import { chooseRenderer, declaredModes, type Io } from '../frontend.js';
import { formatEvent } from '../output.js';
import { cliPromptQueue } from '../prompt-queue.js';
import type { RecordFile } from '../record-file.js';
import { ServerStderr } from '../server-stderr.js';
import { createTaskStatus, type TaskStatusView } from '../task-status.js';
import type { CommandContext } from './context.js';
import { announceSlowStart, createActivity, watchActivity } from './watch-activity.js';

export interface OpenSession {
  readonly connection: Connection;
  readonly renderer: Renderer;
  /** Progress and log messages of the requests made on this connection. */
  readonly activity: Activity;
  close(): Promise<void>;
}

export async function openSession(args: CliArgs, io: Io, context: CommandContext): Promise<OpenSession> {
  const audit: AuditLog | undefined =
    args.auditLog === undefined
      ? undefined
      : await openAuditLog(args.auditLog, (line) => io.stderr.write(`${line}\n`));
  const { renderer, recording } = await openFrontEnd(args, io, audit);
  const serverStderr = new ServerStderr({
    label: context.label,
    live: args.verbose,
    write: (text) => io.stderr.write(text),
  });
  const modes = declaredModes(args, renderer);
  const queue = cliPromptQueue(args, io.parking !== undefined);
  const status = createTaskStatus(io.stderr, queue, context.tasks);
  const parts: SessionParts = { renderer, modes, queue, status, audit, serverStderr };
  let connection: Connection;
  const stopAnnouncing = announceSlowStart(args, io, context.label);
  try {
    connection = await connect(connectOptions(args, io, context, parts));
  } catch (error) {
    status.close();
    await renderer.close?.();
    await audit?.close();
    await recording?.close();
    serverStderr.showTail();
    throw error;
  } finally {
    stopAnnouncing();
  }
  const activity = createActivity(args, io);
  await watchActivity(args, connection, activity);
  // A server that exits mid-request: its last words explain the error that follows.
  let closing = false;
  connection.client.onclose = () => {
    if (!closing) serverStderr.showTail();
  };
  return {
    connection,
    renderer,
    activity,
    close: async () => {
      status.close();
      closing = true;
      activity.end();
      await connection.close().catch(() => {});
      serverStderr.end();
      await renderer.close?.();
      await audit?.close();
      await recording?.close();
      for (const line of scriptedWarnings(args, renderer)) io.stderr.write(`mcp-elicit: ${line}\n`);
    },
  };
}

/** What a session's connection is wired to, made before it connects. */
interface SessionParts {
  readonly renderer: Renderer;
  readonly modes: readonly ElicitationMode[];
  readonly queue: PromptQueue;
  readonly status: TaskStatusView;
  readonly audit: AuditLog | undefined;
  readonly serverStderr: ServerStderr;
}

// The chosen front-end, wrapped for --record; on failure, closes what was opened (the audit log too).
async function openFrontEnd(
  args: CliArgs,
  io: Io,
  audit: AuditLog | undefined,
): Promise<{ renderer: Renderer; recording: RecordFile | undefined }> {
  let chosen: Renderer | undefined;
  let recording: RecordFile | undefined;
  try {
    chosen = await chooseRenderer(args, io);
    // Loaded only for --record, like the front-ends.
    if (args.recordFile !== undefined)
      recording = await (await import('../record-file.js')).startRecording(args.recordFile, chosen, (line) =>
        io.stderr.write(`${line}\n`),
      );
  } catch (error) {
    await chosen?.close?.();
    await audit?.close();
    throw error;
  }
  return { renderer: recording?.renderer ?? chosen, recording };
}

// How to connect: the target, the front-end, and the adapter's options from the command line.
function connectOptions(args: CliArgs, io: Io, context: CommandContext, parts: SessionParts): ConnectOptions {
  const { renderer, audit, status, serverStderr } = parts;
  return {
    target: context.target,
    label: context.label,
    protocol: args.protocol,
    useEraCache: args.eraCache,
    env: io.env,
    renderer,
    attach: {
      modes: parts.modes,
      queue: parts.queue,
      tasks: args.task,
      ...(args.taskTimeoutMs !== undefined && { taskTimeoutMs: args.taskTimeoutMs }),
      // 2025 client-hosted elicitation tasks are served unless tasks are switched off.
      hostElicitationTasks: args.task !== 'never',
      onTaskEvent: status.onTask,
      opener: renderer.opener ?? createSystemOpener(io.env),
      ...(audit && { audit: (entry) => audit.write(entry) }),
      onEvent: (event) => {
        context.events.push(event);
        if (args.verbose) io.stderr.write(`${formatEvent(event)}\n`);
      },
    },
    onServerStderr: (chunk) => serverStderr.push(chunk),
  };
}

/** Only the scripted front-end reports what it saw: a --set or an answers entry nothing matched. */
function scriptedWarnings(args: CliArgs, renderer: Renderer): string[] {
  const scripted = renderer as Partial<Pick<ScriptedRenderer, 'fieldsSeen' | 'unusedAnswers'>>;
  return [
    ...(scripted.fieldsSeen ? unmatchedSetWarnings(args.sets, scripted.fieldsSeen) : []),
    ...(args.answersFile !== undefined && scripted.unusedAnswers
      ? unusedAnswerWarnings(scripted.unusedAnswers)
      : []),
  ];
}
