// Sign in to a protected MCP server (OAuth 2.1, the MCP authorization spec) from your own SDK
// client: npx tsx examples/sign-in.ts <mcp-url> [tool]. Tokens are kept in mcp-elicit's private
// store, so the next run connects without a sign-in.
import { Client } from '@modelcontextprotocol/client';
import { attachElicitation, createSystemOpener, ScriptedRenderer } from 'mcp-elicit';
import { AuthStore, connectWithSignIn, SignInProvider } from 'mcp-elicit/auth';

const url = new URL(process.argv[2] ?? 'http://127.0.0.1:3000/mcp');
// Who consents to the sign-in page: here a script that may open it (--open-urls); give a
// TerminalRenderer instead and a person is asked, shown the sign-in site and its warnings.
const renderer = new ScriptedRenderer({ openUrls: true, log: (line) => console.error(line) });
const provider = await SignInProvider.open({ serverUrl: url, store: AuthStore.forEnv() });
const connection = await connectWithSignIn({
  url,
  provider,
  renderer,
  opener: createSystemOpener(), // BROWSER if set, else the system browser
  newClient: () => {
    const client = new Client(
      { name: 'my-client', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    attachElicitation(client, { renderer, server: url.host });
    return client;
  },
});
const result = await connection.client.callTool({ name: process.argv[3] ?? 'whoami', arguments: {} });
console.log(result.content);
await connection.close();
