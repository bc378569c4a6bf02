// The bundled demo MCP server: one handler per tool serves both protocol eras. Each tool returns
// `inputRequired(...)`; on 2026-07-28 the client answers by retrying (MRTR), on 2025-11-25 the SDK's
// legacy shim turns it into a real `elicitation/create` request (2025-11-25 client/elicitation §3.1).
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { serveHttp } from './http.js';
import { registerGreetingPrompt } from './prompts/greeting.js';
import { stateCodec } from './request-state.js';
import { registerVaultResource } from './resources/vault.js';
import { registerConfirm } from './tools/confirm.js';
import { registerDeleteFiles } from './tools/delete-files.js';
import { registerProfile } from './tools/profile.js';
import { registerSignIn } from './tools/sign-in.js';
import { registerSignup } from './tools/signup.js';
import { registerSurvey } from './tools/survey.js';

export const DEMO_SERVER_NAME = 'mcp-elicit-demo';

export type DemoServerOptions = { transport: 'stdio' } | { transport: 'http'; port: number; host?: string };

export interface RunningDemoServer {
  /** The Streamable HTTP endpoint (HTTP only). */
  readonly url?: string;
  close(): Promise<void>;
}

/** A fresh server instance; the serving entries call it once per connection (stdio) or request (HTTP). */
export function createDemoServer(): McpServer {
  const server = new McpServer(
    { name: DEMO_SERVER_NAME, version: '0.1.0' },
    {
      capabilities: { tools: {}, prompts: {}, resources: {}, logging: {} },
      requestState: { verify: stateCodec.verify },
    },
  );
  registerProfile(server);
  registerSignup(server);
  registerConfirm(server);
  registerDeleteFiles(server);
  registerSurvey(server);
  registerSignIn(server);
  registerGreetingPrompt(server);
  registerVaultResource(server);
  return server;
}

export async function runDemoServer(options: DemoServerOptions): Promise<RunningDemoServer> {
  if (options.transport === 'http')
    return serveHttp(createDemoServer, options.port, options.host ?? '127.0.0.1');
  const handle = serveStdio(createDemoServer);
  return { close: () => handle.close() };
}
