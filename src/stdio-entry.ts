// The `mcp-elicit/stdio` entry: the guarded stdio transport. Its own entry, as the SDK's
// `@modelcontextprotocol/client/stdio` is, because it starts the server (node:child_process).
export { createGuardedStdioTransport, guardStdioTransport } from './mcp/guarded-stdio.js';
