// The server an example talks to: the command line given after the example's name, else the demo
// server bundled with mcp-elicit (built into dist/ by `npm install`).
import { fileURLToPath } from 'node:url';
import type { StdioServerParameters } from '@modelcontextprotocol/client/stdio';

export function serverFromArgv(argv = process.argv.slice(2)): StdioServerParameters {
  const [command, ...args] = argv;
  if (command !== undefined) return { command, args };
  return {
    command: process.execPath,
    args: [fileURLToPath(new URL('../dist/demo/main.js', import.meta.url))],
  };
}
