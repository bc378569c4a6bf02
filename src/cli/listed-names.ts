// A name the server does not list (tool, prompt, resource): a usage error naming the closest one it
// does, so a typo is caught before the server's raw "not found" comes back.
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';
import { nearest } from './suggest.js';

// A server listing thousands of names must not flood the terminal.
const SHOWN_NAMES = 12;

/** `what`: "tool", "prompt" or "resource"; `listing`: the command that lists them all. */
export function notListed(
  what: string,
  name: string,
  names: readonly string[],
  listing: string,
): ElicitError {
  const guess = nearest(name, names);
  const shown = clean(name);
  if (guess !== undefined)
    return new ElicitError('usage', `the server has no ${what} "${shown}" (did you mean ${clean(guess)}?)`);
  const some = names.slice(0, SHOWN_NAMES).map(clean).join(', ');
  const more = names.length > SHOWN_NAMES ? ` and ${names.length - SHOWN_NAMES} more` : '';
  return new ElicitError(
    'usage',
    names.length === 0
      ? `the server has no ${what} "${shown}" (it lists none)`
      : `the server has no ${what} "${shown}"; it has ${some}${more} (mcp-elicit ${listing} lists them)`,
  );
}

// Names come from the server (or the user's typo): shown as plain text, and never a page long.
function clean(name: string): string {
  return sanitizeText(name, { maxLength: 120 });
}
