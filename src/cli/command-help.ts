// `mcp-elicit <command> --help`: the command's usage, its options (their lines taken from the main
// help, so each option is described once) and an example.
import { COMMANDS, type CommandInfo, type CommandName } from './command-table.js';
import { HELP } from './help.js';

export function commandHelp(name: CommandName): string {
  const info: CommandInfo = COMMANDS[name];
  const options = info.options
    .map((option) => info.optionText?.[option] ?? withPreamble(option))
    .filter((text) => text !== '');
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
    'mcp-elicit --help lists every command and option.',
    '',
  ].join('\n');
}

/** The option's line in HELP plus its continuation lines (indented past the option column). */
export function optionLines(name: string): string {
  const lines = HELP.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^  (-\\w, )?--${name}(\\s|$)`).test(line));
  if (start < 0) return '';
  let end = start + 1;
  while (end < lines.length && /^ {4,}\S/.test(lines[end] ?? '') && !/^ {2}-/.test(lines[end] ?? '')) end++;
  return lines.slice(start, end).join('\n');
}

/** `--env` comes with the main help's note on what a stdio server gets by default. */
function withPreamble(name: string): string {
  if (name !== 'env') return optionLines(name);
  const lines = HELP.split('\n');
  const start = lines.indexOf('Stdio server environment') + 1;
  const end = lines.findIndex((line, i) => i >= start && /^ {2}-/.test(line));
  return [...lines.slice(start, end), optionLines(name)].join('\n');
}
