// `proxy --print-config-format json|codex`: which host's shape `--print-config` prints.
import { ElicitError } from '../contracts/elicit-error.js';
import type { OptionValues } from './options/index.js';

const PRINT_CONFIG_FORMATS = ['json', 'codex'] as const;
export type PrintConfigFormat = (typeof PRINT_CONFIG_FORMATS)[number];

/** The format, checked; it means nothing without --print-config, so alone it is a usage error. */
export function parsePrintConfigFormat(v: OptionValues): PrintConfigFormat {
  const text = v['print-config-format'];
  if (!v['print-config'])
    throw new ElicitError('usage', '--print-config-format only applies to proxy --print-config');
  if ((PRINT_CONFIG_FORMATS as readonly (string | undefined)[]).includes(text))
    return text as PrintConfigFormat;
  throw new ElicitError(
    'usage',
    `--print-config-format must be one of ${PRINT_CONFIG_FORMATS.join(', ')} (got "${text}")`,
  );
}
