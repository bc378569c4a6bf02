// Shared by tools and call: choose the front-end, connect, and report elicitations as they end.
import type { Renderer } from '../../contracts/renderer.js';
import { createSystemOpener } from '../../frontends/open-url.js';
import { PromptQueue } from '../../mcp/prompt-queue.js';
import type { CliArgs } from '../args.js';
import { type Connection, connect } from '../connect.js';
import { chooseRenderer, type Io } from '../frontend.js';
import { formatEvent } from '../output.js';
import { ServerStderr } from '../server-stderr.js';
import { createTaskStatus } from '../task-status.js';
import type { CommandContext } from './context.js';

export interface OpenSession {
  readonly connection: Connection;
  readonly renderer: Renderer;
  close(): Promise<void>;
}

export async function openSession(args: CliArgs, io: Io, context: CommandContext): Promise<OpenSession> {
  const renderer = await chooseRenderer(args, io);
  const serverStderr = new ServerStderr({
    label: context.label,
    live: args.verbose,
    write: (text) => io.stderr.write(text),
  });
  // URL mode by default when a person can consent, or when a script was told to open URLs.
  const modes = args.modes ?? (renderer.interactive || args.openUrls ? ['form', 'url'] : ['form']);
  const queue = new PromptQueue();
  const status = createTaskStatus(io.stderr, queue, context.tasks);
  let connection: Connection;
  try {
    connection = await connect({
      target: context.target,
      label: context.label,
      protocol: args.protocol,
      useEraCache: args.eraCache,
      env: io.env,
      renderer,
      attach: {
        modes,
        queue,
        tasks: args.task,
        // 2025 client-hosted elicitation tasks are served unless tasks are switched off.
        hostElicitationTasks: args.task !== 'never',
        onTaskEvent: status.onTask,
        opener: renderer.opener ?? createSystemOpener(io.env),
        onEvent: (event) => {
          context.events.push(event);
          if (args.verbose) io.stderr.write(`${formatEvent(event)}\n`);
        },
      },
      onServerStderr: (chunk) => serverStderr.push(chunk),
    });
  } catch (error) {
    status.close();
    await renderer.close?.();
    serverStderr.showTail();
    throw error;
  }
  // A server that exits mid-request: its last words explain the error that follows.
  let closing = false;
  connection.client.onclose = () => {
    if (!closing) serverStderr.showTail();
  };
  return {
    connection,
    renderer,
    close: async () => {
      status.close();
      closing = true;
      await connection.close().catch(() => {});
      serverStderr.end();
      await renderer.close?.();
    },
  };
}
