// A bench side reached over Streamable HTTP: a child that serves MCP on loopback and names its URL
// on startup (the proxy's URL face on stderr, the bare HTTP forwarder on stdout), with an SDK
// client connected to it.
import { spawn } from 'node:child_process';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';

export interface HttpSide {
  readonly client: Client;
  readonly pid: number | null;
  close(): Promise<void>;
}

/** `mcp-elicit proxy --listen 127.0.0.1:0 --no-token`, its URL read from the startup line. */
export function openListenSide(
  nodeArgs: readonly string[],
  cliBin: string,
  proxyArgs: readonly string[],
  env: Record<string, string>,
): Promise<HttpSide> {
  const args = [...nodeArgs, cliBin, 'proxy', '--listen', '127.0.0.1:0', '--no-token', ...proxyArgs];
  return openHttpSide(args, env, 'stderr', /listening on (http:\/\/\S+)/);
}

/** bench/bare-http-forwarder.mjs in front of the same server. */
export function openBareHttpSide(
  nodeArgs: readonly string[],
  script: string,
  server: readonly string[],
  env: Record<string, string>,
): Promise<HttpSide> {
  return openHttpSide([...nodeArgs, script, ...server], env, 'stdout', /^(http:\/\/\S+)$/m);
}

async function openHttpSide(
  args: readonly string[],
  env: Record<string, string>,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
): Promise<HttpSide> {
  const stdio = stream === 'stderr' ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'pipe', 'ignore'];
  const child = spawn(process.execPath, [...args], { env, stdio: stdio as ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child[stream]?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', () => reject(new Error(`${args.join(' ')} exited: ${seen}`)));
  });
  const client = new Client(
    { name: 'bench-host', version: '1.0.0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport as Transport);
  return {
    client,
    pid: child.pid ?? null,
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
