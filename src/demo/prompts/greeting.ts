// `greeting` prompt: elicits how to greet before returning the prompt text, so `prompts/get` carries
// an elicitation too (2025: a real elicitation/create through the legacy shim; 2026: input_required).
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { receivedFor } from '../report.js';

export function registerGreetingPrompt(server: McpServer): void {
  server.registerPrompt(
    'greeting',
    { description: 'A greeting prompt; asks whom to greet and in which tone first.' },
    async (ctx) => {
      const received = receivedFor(ctx.mcpReq.inputResponses, 'greeting');
      if (received === undefined) {
        return inputRequired({
          inputRequests: {
            greeting: inputRequired.elicit({
              message: 'Whom should the greeting prompt address?',
              requestedSchema: {
                type: 'object',
                properties: {
                  name: { type: 'string', title: 'Name', default: 'Ada' },
                  tone: { type: 'string', title: 'Tone', enum: ['warm', 'formal'], default: 'warm' },
                },
                required: ['name'],
              },
            }),
          },
        });
      }
      const content = received.action === 'accept' ? (received.content ?? {}) : undefined;
      const text =
        content === undefined
          ? `No greeting (${received.action}).`
          : `Write a ${String(content.tone ?? 'warm')} greeting for ${String(content.name)}.`;
      return {
        description: `greeting: action=${received.action}`,
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
    },
  );
}
