// How results look: plain text for people (server text sanitised), one JSON object for scripts.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import { sanitizeText } from '../core/sanitize.js';
import type { ElicitationEvent } from '../mcp/events.js';
import type { TaskRecord } from './task-status.js';

export interface JsonReport {
  ok: boolean;
  result?: unknown;
  elicitations: ElicitationEvent[];
  /** Present when the tool call ran as a task: its id and status history. */
  tasks?: TaskRecord[];
  protocol?: { era: Era; version: string | undefined };
  error?: { code: string; message: string };
}

export function formatTools(tools: readonly Tool[]): string {
  if (tools.length === 0) return '(the server offers no tools)\n';
  const width = Math.min(32, Math.max(...tools.map((t) => [...sanitizeText(t.name)].length)));
  return `${tools
    .map((t) => {
      const name = sanitizeText(t.name);
      const description = sanitizeText(t.description ?? '', { maxLength: 100 });
      return `${name.padEnd(width)}  ${description}`.trimEnd();
    })
    .join('\n')}\n`;
}

export function formatToolResult(result: CallToolResult): string {
  const lines: string[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case 'text':
        lines.push(sanitizeText(block.text, { multiline: true }));
        break;
      case 'image':
      case 'audio':
        lines.push(
          `[${block.type} ${sanitizeText(block.mimeType)}, ${Math.floor((block.data.length * 3) / 4)} bytes]`,
        );
        break;
      case 'resource_link':
        lines.push(`[resource link] ${sanitizeText(block.uri)}`);
        break;
      case 'resource': {
        const r = block.resource;
        lines.push(
          'text' in r && typeof r.text === 'string'
            ? sanitizeText(r.text, { multiline: true })
            : `[resource ${sanitizeText(r.uri)}]`,
        );
        break;
      }
      default:
        lines.push(`[${sanitizeText(String((block as { type: unknown }).type))} content]`);
    }
  }
  if (lines.length === 0 && result.structuredContent !== undefined) {
    lines.push(JSON.stringify(result.structuredContent, null, 2));
  }
  return `${lines.join('\n')}\n`;
}

export function formatEvent(event: ElicitationEvent): string {
  const what = event.error
    ? `rejected (${event.error.code}: ${sanitizeText(event.error.message, { maxLength: 200 })})`
    : `${event.action}${event.reason ? ` (${event.reason})` : ''}`;
  return `elicitation from ${sanitizeText(event.server)} [${event.mode}]: ${what}`;
}
