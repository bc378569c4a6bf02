// The `:` commands of the plain line prompts: how a typed line is told apart from a value, and the
// help that lists them.

/** Shown once in every header; `:` cannot start a real value without the `::` escape. */
export const COMMANDS_LINE =
  'Commands: type :decline to decline, :cancel to cancel, :back for the previous field, :help for help. To enter a value that starts with a colon, type two colons.';

export const HELP_LINES = [
  'Commands work at any prompt:',
  ':decline - tell the server you will not answer.',
  ':cancel - dismiss this request without answering.',
  ':back - go back to the previous field.',
  ':clear - leave this field empty.',
  ':mute - cancel this and every further request from this server for this session.',
  ':help - show this help.',
  'A line starting with two colons enters a value starting with one colon: ::x is sent as :x.',
];

export type Typed =
  | { readonly kind: 'value'; readonly text: string }
  | { readonly kind: 'command'; readonly name: string };

/** A typed line: a value, or a `:command`; `::` starts a value with a literal colon. */
export function classify(line: string): Typed {
  const trimmed = line.trim();
  if (trimmed.startsWith('::')) return { kind: 'value', text: line.replace('::', ':') };
  if (trimmed.startsWith(':')) return { kind: 'command', name: trimmed.slice(1).trim().toLowerCase() };
  return { kind: 'value', text: line };
}
