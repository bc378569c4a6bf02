// `mcp-elicit <command> --help`: the command's usage, its options (their lines made from the option
// table, as in the main help) and an example.
import { COMMANDS, type CommandInfo, type CommandName } from './command-table.js';
import { optionRecord } from './options/index.js';
import { optionBlock } from './options/layout.js';

export function commandHelp(name: CommandName): string {
  const info: CommandInfo = COMMANDS[name];
  const options = info.options.flatMap((option) => optionHelp(option, info.optionText?.[option]));
  return [
    `mcp-elicit ${name}: ${info.summary}`,
    '',
    'Usage',
    ...info.usage.map((line) => `  ${line}`),
    ...(options.length > 0 ? ['', 'Options', ...options] : []),
    '',
    'Example',
    `  ${info.example}`,
    '',
    'mcp-elicit --help --all lists every command and option.',
    '',
  ].join('\n');
}

/** The option's lines, with this command's own description where it has one. */
function optionHelp(name: string, text: readonly string[] | undefined): string[] {
  const option = optionRecord(name);
  if (option === undefined) return [];
  return optionBlock(option, text ?? option.help);
}
