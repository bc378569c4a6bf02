// The command word and its operand (tool name, prompt name or resource URI), apart from args.ts.
import { ElicitError } from '../contracts/elicit-error.js';

export const COMMANDS = ['tools', 'call', 'prompts', 'prompt', 'resources', 'read', 'demo'] as const;
export type CommandWord = (typeof COMMANDS)[number];

/** What each command takes after its word, for the usage message. */
const OPERAND: Partial<Record<CommandWord, string>> = {
  call: 'call needs a tool name: mcp-elicit call <tool> [--args <json>] [--arg key=value]',
  prompt: 'prompt needs a prompt name: mcp-elicit prompt <name> [--args <json>] [--arg key=value]',
  read: 'read needs a resource URI: mcp-elicit read <uri>',
};

export interface CommandWords {
  readonly command: CommandWord | 'help';
  /** The tool (call), prompt (prompt) or URI (read). */
  readonly operand?: string;
}

export function parseCommandWords(positionals: readonly string[]): CommandWords {
  const [word, ...rest] = positionals;
  const list = COMMANDS.join(', ');
  if (word === undefined) throw new ElicitError('usage', `missing command: use one of ${list} (see --help)`);
  if (word === 'help') return { command: 'help' };
  if (!(COMMANDS as readonly string[]).includes(word))
    throw new ElicitError('usage', `unknown command "${word}": use one of ${list} (see --help)`);
  const command = word as CommandWord;
  const needs = OPERAND[command];
  const operand = needs === undefined ? undefined : rest.shift();
  if (needs !== undefined && operand === undefined) throw new ElicitError('usage', needs);
  if (rest.length > 0) throw new ElicitError('usage', `unexpected argument "${rest[0]}"`);
  return { command, ...(operand !== undefined && { operand }) };
}

/** `--arg key=value` pairs, kept as text: the command types them by the tool's inputSchema. */
export function parseArgPairs(items: readonly string[]): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new ElicitError('usage', `--arg "${item}" must look like key=value`);
    pairs[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return pairs;
}
