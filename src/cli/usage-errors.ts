// Usage mistakes explained in the user's terms: the option or command they typed, the nearest real
// one, and the corrected command line when the server command lacks its `--`.
import { parseArgs } from 'node:util';
import { ElicitError } from '../contracts/elicit-error.js';
import { COMMAND_NAMES, COMMANDS, isCommand } from './command-table.js';
import { nearest } from './suggest.js';

type OptionTable = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** Turns a node:util parseArgs failure into a ElicitError that names the mistake. */
export function explainParseError(
  error: unknown,
  argv: readonly string[],
  options: OptionTable,
): ElicitError {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const token = /'(-[^']*)'/.exec(message)?.[1] ?? '?';
    const forgot = forgottenDashDash(argv, options);
    if (forgot) return forgot;
    const name = token.replace(/^-+/, '').split('=')[0] ?? '';
    const known = Object.keys(options).map((o) => `--${o}`);
    const guess = token.startsWith('--') ? nearest(`--${name}`, known) : undefined;
    return new ElicitError(
      'usage',
      `unknown option ${token.split('=')[0]}${guess ? ` (did you mean ${guess}?)` : ''}`,
    );
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(--?[\w-]+)/.exec(message)?.[1];
    if (option && /argument missing/.test(message))
      return new ElicitError('usage', `${option} needs a value`);
    if (option) return new ElicitError('usage', `${option} takes no value`);
  }
  return new ElicitError('usage', message);
}

/** "unknown command" with the nearest command name. */
export function unknownCommand(word: string): ElicitError {
  const guess = nearest(word, COMMAND_NAMES);
  return new ElicitError(
    'usage',
    `unknown command "${word}"${guess ? ` (did you mean ${guess}?)` : ''}: use one of ${COMMAND_NAMES.join(', ')} (see --help)`,
  );
}

/** "unexpected argument", with the `--` hint when the extra words look like a server command. */
export function unexpectedArgument(word: string, argv: readonly string[], options: OptionTable): ElicitError {
  return forgottenDashDash(argv, options) ?? new ElicitError('usage', `unexpected argument "${word}"`);
}

/**
 * When a command is followed by more words than it takes (`call echo npx -y server`), the user most
 * likely forgot the `--` before the server command: say so and show the fixed command line.
 */
function forgottenDashDash(argv: readonly string[], options: OptionTable): ElicitError | undefined {
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const positionals = tokens.filter((t) => t.kind === 'positional');
  const command = positionals[0]?.value;
  if (command === undefined || !isCommand(command) || command === 'help' || command === 'completion')
    return undefined;
  const extra = positionals[1 + COMMANDS[command].operands];
  if (extra === undefined) return undefined;
  const before = argv.slice(0, extra.index);
  const after = argv.slice(extra.index);
  const fixed = ['mcp-elicit', ...before, '--', ...after].map(quote).join(' ');
  return new ElicitError(
    'usage',
    `unexpected argument "${extra.value}": if "${after.join(' ')}" is the server command, put -- before it:\n  ${fixed}`,
  );
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
