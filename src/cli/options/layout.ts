// How an option is printed in --help and per-command help: name and placeholder, then the
// description in a column of its own, continuation lines indented to it.
import type { OptionRecord, OptionSection } from './option.js';

/** Where descriptions start: wide enough for `--client-secret-env VAR` and one space. */
const COLUMN = 26;

/** The option's lines; `help` replaces its description where a command means something else. */
export function optionBlock(option: OptionRecord, help: readonly string[] = option.help): string[] {
  const short = option.short === undefined ? '' : `-${option.short}, `;
  const placeholder = option.placeholder === undefined ? '' : ` ${option.placeholder}`;
  const label = `  ${short}--${option.name}${placeholder}`;
  const [first = '', ...rest] = help;
  return [
    ...(option.before ?? []),
    `${label.padEnd(COLUMN - 1)} ${first}`,
    ...rest.map((line) => `${' '.repeat(COLUMN)}${line}`),
  ];
}

/** The section's heading, its intro and each option's block. */
export function sectionLines(section: OptionSection): string[] {
  return [
    ...(section.title === undefined ? [] : [section.title]),
    ...(section.intro ?? []),
    ...section.options.flatMap((option) => optionBlock(option)),
  ];
}
