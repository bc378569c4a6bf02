// How every demo tool reports what reached the server, so people and tests can see it.
// One line per elicitation step: `<step>: action=<action> content=<JSON | absent>`.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { inputResponse } from '@modelcontextprotocol/server';

/** What the server received for one elicitation step. */
export interface Received {
  readonly step: string;
  readonly action: string;
  /** `undefined` when the response carried no `content` member at all. */
  readonly content?: Record<string, unknown>;
}

/** Reads the elicitation response for `key`, or `undefined` when the client has not answered it yet. */
export function receivedFor(
  responses: Record<string, unknown> | undefined,
  key: string,
): Received | undefined {
  const view = inputResponse(responses, key);
  if (view.kind !== 'elicit') return undefined;
  return view.content === undefined
    ? { step: key, action: view.action }
    : { step: key, action: view.action, content: view.content };
}

export function formatReceived(received: Received): string {
  const content = received.content === undefined ? 'absent' : JSON.stringify(received.content);
  return `${received.step}: action=${received.action} content=${content}`;
}

/** Parses the lines written by `formatReceived` back (tests use it to assert what the server saw). */
export function parseReceived(text: string): Received[] {
  const out: Received[] = [];
  for (const line of text.split('\n')) {
    const match = /^([\w-]+): action=(\S+) content=(.*)$/.exec(line);
    if (match === null) continue;
    const [, step = '', action = '', content = 'absent'] = match;
    out.push(
      content === 'absent'
        ? { step, action }
        : { step, action, content: JSON.parse(content) as Record<string, unknown> },
    );
  }
  return out;
}

/** The tool result: one line per step received, then a plain-language outcome line. */
export function reportResult(steps: readonly Received[], outcome: string): CallToolResult {
  const text = [...steps.map(formatReceived), `outcome: ${outcome}`].join('\n');
  return { content: [{ type: 'text', text }] };
}
