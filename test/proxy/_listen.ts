// The proxy's URL face under test: `mcp-elicit proxy --listen 127.0.0.1:0 ... -- <server>` started
// as a child, its URL (and generated token) read from the one startup line on stderr, and hosts
// simulated by SDK clients over Streamable HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { Client, type ElicitResult, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Era } from '../../src/contracts/protocol.js';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { BIN, scratchXdg, until } from './_host.js';

export interface ListeningProxy {
  readonly url: URL;
  /** The generated token, when the proxy made one (not with --token-file or --no-token). */
  readonly token: string | undefined;
  readonly child: ChildProcess;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

const LINE = /listening on (http:\/\/\S+) \((?:Authorization: Bearer (\S+)\)|[^)]*\))/;

export async function startListening(proxyArgs: readonly string[] = []): Promise<ListeningProxy> {
  const echo = echoFormStdioCommand();
  const child = spawn(
    process.execPath,
    [
      BIN,
      'proxy',
      '--no-era-cache',
      '--listen',
      '127.0.0.1:0',
      ...proxyArgs,
      '--',
      echo.command,
      ...echo.args,
    ],
    { env: { PATH: process.env.PATH ?? '', ...scratchXdg() }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await until(() => LINE.test(stderr) || child.exitCode !== null, 'the listening line', 15_000);
  const match = LINE.exec(stderr);
  if (!match) throw new Error(`the proxy did not listen: ${stderr}`);
  return {
    url: new URL(match[1] as string),
    token: match[2] === undefined || match[2].startsWith('<') ? undefined : match[2],
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface HttpHostOptions {
  readonly token?: string | undefined;
  readonly era?: Era;
  /** The host's own form elicitation answer; none: the host declares no elicitation. */
  readonly answer?: (params: Record<string, unknown>) => ElicitResult | Promise<ElicitResult>;
}

export interface HttpHost {
  readonly client: Client;
  readonly transport: StreamableHTTPClientTransport;
}

export async function httpHost(url: URL, options: HttpHostOptions = {}): Promise<HttpHost> {
  const client = new Client(
    { name: 'http-test-host', version: '1.0.0' },
    {
      capabilities: options.answer ? { elicitation: { form: {} } } : {},
      versionNegotiation: options.era === '2026-07-28' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' },
    },
  );
  const answer = options.answer;
  if (answer)
    client.setRequestHandler('elicitation/create', async (request) =>
      answer(request.params as Record<string, unknown>),
    );
  const headers: Record<string, string> =
    options.token === undefined ? {} : { Authorization: `Bearer ${options.token}` };
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A POST with exactly these headers (node:http: fetch will not forge Host). */
export function rawPost(url: URL, headers: Record<string, string>, body: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
