// The option table: every section of options in --help order, and what is made from it: the
// node:util parseArgs config and the lookup per-command help and completion read.

import type { parseArgs } from 'node:util';
import { FRONT_END_OPTIONS } from './front-end.js';
import type { OptionRecord, OptionSection } from './option.js';
import { OUTPUT_OPTIONS } from './output.js';
import { PARK_OPTIONS } from './park.js';
import { PROTOCOL_OPTIONS } from './protocol.js';
import { PROXY_OPTIONS } from './proxy.js';
import { REQUEST_OPTIONS } from './request.js';
import { SERVER_OPTIONS } from './server.js';
import { SERVER_ENV_OPTIONS } from './server-env.js';
import { SIGN_IN_OPTIONS, UNATTENDED_OPTIONS } from './sign-in.js';
import { TASK_OPTIONS } from './tasks.js';

export type { OptionRecord, OptionSection } from './option.js';

/** Listed under Commands, after the proxy command they belong to. */
export const COMMAND_OPTIONS = PROXY_OPTIONS;

/** The headed sections, in --help order. */
export const OPTION_SECTIONS = [
  SERVER_OPTIONS,
  SIGN_IN_OPTIONS,
  UNATTENDED_OPTIONS,
  SERVER_ENV_OPTIONS,
  REQUEST_OPTIONS,
  TASK_OPTIONS,
  FRONT_END_OPTIONS,
  PARK_OPTIONS,
  PROTOCOL_OPTIONS,
  OUTPUT_OPTIONS,
] as const satisfies readonly OptionSection[];

type Listed =
  | (typeof COMMAND_OPTIONS)['options'][number]
  | (typeof OPTION_SECTIONS)[number]['options'][number];

/** parseArgs' config, typed per option so parsed values are typed (string, string[], boolean). */
type ParseConfig = {
  readonly [R in Listed as R['name']]: { readonly type: R['type'] } & (R extends { multiple: true }
    ? { readonly multiple: true }
    : unknown) &
    (R extends { short: infer S extends string } ? { readonly short: S } : unknown);
};

/** Every option, in --help order. */
const ALL_SECTIONS: readonly OptionSection[] = [COMMAND_OPTIONS, ...OPTION_SECTIONS];
export const OPTION_LIST: readonly OptionRecord[] = ALL_SECTIONS.flatMap((section) => section.options);

function parseConfig(): ParseConfig {
  const config: Record<string, { type: 'string' | 'boolean'; multiple?: true; short?: string }> = {};
  for (const option of OPTION_LIST)
    config[option.name] = {
      type: option.type,
      ...(option.multiple && { multiple: true }),
      ...(option.short !== undefined && { short: option.short }),
    };
  return config as ParseConfig;
}

/** Every option the CLI takes, as node:util parseArgs reads them. */
export const OPTIONS: ParseConfig = parseConfig();

const BY_NAME = new Map(OPTION_LIST.map((option) => [option.name, option]));

/** The option's record, if there is such an option. */
export function optionRecord(name: string): OptionRecord | undefined {
  return BY_NAME.get(name);
}

/** What parseArgs returns for this table, strict and with positionals (the command words). */
export type ParsedArgs = ReturnType<
  typeof parseArgs<{ options: ParseConfig; allowPositionals: true; strict: true }>
>;

/** The parsed option values, typed per option. */
export type OptionValues = ParsedArgs['values'];
