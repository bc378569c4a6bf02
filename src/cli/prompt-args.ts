// A prompt's arguments checked against the ones it declares (prompts/list), before prompts/get:
// a name it does not take, or a required one left out, is a usage error, worded as for tools.
import { ElicitError } from '../contracts/elicit-error.js';

/** One argument a prompt declares. */
export interface DeclaredArgument {
  readonly name: string;
  readonly required?: boolean | undefined;
}

/** `fromPairs`: the keys given with --arg (the rest came from --args), for the message. */
export function checkPromptArguments(
  prompt: string,
  given: Readonly<Record<string, string>>,
  declared: readonly DeclaredArgument[],
  fromPairs: ReadonlySet<string>,
): void {
  const known = declared.map((a) => a.name);
  for (const key of Object.keys(given)) {
    if (known.includes(key)) continue;
    throw new ElicitError(
      'usage',
      `${fromPairs.has(key) ? '--arg' : '--args'} ${key}: prompt "${prompt}" has no argument "${key}"${
        known.length > 0 ? ` (it takes ${known.join(', ')})` : ' (it takes none)'
      }`,
    );
  }
  const missing = declared.filter((a) => a.required === true && !Object.hasOwn(given, a.name));
  if (missing.length > 0) {
    const names = missing.map((a) => a.name);
    throw new ElicitError(
      'usage',
      `prompt "${prompt}" needs argument${names.length > 1 ? 's' : ''} ${names.map((n) => `"${n}"`).join(', ')} (give ${names.map((n) => `--arg ${n}=...`).join(' ')})`,
    );
  }
}
