// Starts a printed `--print-config` entry exactly as a host does (shared by the JSON and Codex tests).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * Starts a printed entry as a host does: its command and args, from a folder of its own, with
 * almost no environment (an empty PATH proves the command finds nothing there) besides `env`.
 */
export async function startAsPrinted(
  entry: { command: string; args: string[] },
  env: Record<string, string>,
): Promise<{ client: Client; stderr: () => string }> {
  const client = new Client({ name: 'bare-host', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    cwd: mkdtempSync(join(tmpdir(), 'host-cwd-')),
    env: {
      HOME: mkdtempSync(join(tmpdir(), 'host-home-')),
      PATH: '',
      SHELL: '/bin/sh',
      TERM: 'dumb',
      ...env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  await client.connect(transport).catch((error: unknown) => {
    throw new Error(`${String(error)}\nproxy stderr:\n${stderr}`);
  });
  return { client, stderr: () => stderr };
}
