// Shared by tools and call: choose the front-end, connect, and report elicitations as they end.
import type { Renderer } from '../../contracts/renderer.js';
import { createSystemOpener } from '../../frontends/open-url.js';
import { unmatchedSetWarnings } from '../answered.js';
import type { CliArgs } from '../args.js';
import { type Connection, connect } from '../connect.js';
import { chooseRenderer, type Io } from '../frontend.js';
import { formatEvent } from '../output.js';
import type { CommandContext } from './context.js';

export interface OpenSession {
  readonly connection: Connection;
  readonly renderer: Renderer;
  close(): Promise<void>;
}

export async function openSession(args: CliArgs, io: Io, context: CommandContext): Promise<OpenSession> {
  const renderer = await chooseRenderer(args, io);
  const stderrTail: string[] = [];
  // URL mode by default when a person can consent, or when a script was told to open URLs.
  const modes = args.modes ?? (renderer.interactive || args.openUrls ? ['form', 'url'] : ['form']);
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
        opener: createSystemOpener(io.env),
        onEvent: (event) => {
          context.events.push(event);
          if (args.verbose) io.stderr.write(`${formatEvent(event)}\n`);
        },
      },
      onServerStderr: (chunk) => {
        if (args.verbose) io.stderr.write(chunk);
        stderrTail.push(chunk);
        if (stderrTail.length > 20) stderrTail.shift();
      },
    });
  } catch (error) {
    await renderer.close?.();
    if (!args.verbose && stderrTail.length > 0) io.stderr.write(stderrTail.join('').slice(-2000));
    throw error;
  }
  return {
    connection,
    renderer,
    close: async () => {
      await connection.close().catch(() => {});
      await renderer.close?.();
      // Only the scripted front-end reports the fields it saw; a --set nobody matched is a typo.
      const seen = (renderer as { fieldsSeen?: ReadonlySet<string> }).fieldsSeen;
      if (seen)
        for (const line of unmatchedSetWarnings(args.sets, seen)) io.stderr.write(`mcp-elicit: ${line}\n`);
    },
  };
}
