// The proxy's URL face as a bench side: `mcp-elicit proxy --listen 127.0.0.1:0 --no-token` started
// as a child, its URL read from the startup line, an SDK client over Streamable HTTP connected to it.
import { spawn } from 'node:child_process';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';

export interface ListenSide {
  readonly client: Client;
  readonly pid: number | null;
  close(): Promise<void>;
}

export async function openListenSide(
  cliBin: string,
  proxyArgs: readonly string[],
  env: Record<string, string>,
): Promise<ListenSide> {
  const child = spawn(
    process.execPath,
    [cliBin, 'proxy', '--listen', '127.0.0.1:0', '--no-token', ...proxyArgs],
    {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', () => reject(new Error(`proxy --listen exited: ${stderr}`)));
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
