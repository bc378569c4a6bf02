// `survey`: every field optional and defaulted, so accepting the defaults is a meaningful answer
// (spec 2025-11-25 §Requested Schema, `default`; C-xx "pre-populate defaults").
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { receivedFor, reportResult } from '../report.js';

export function registerSurvey(server: McpServer): void {
  server.registerTool(
    'survey',
    { description: 'A short optional survey; every answer has a default.' },
    async (ctx) => {
      const received = receivedFor(ctx.mcpReq.inputResponses, 'survey');
      if (received === undefined) {
        return inputRequired({
          inputRequests: {
            survey: inputRequired.elicit({
              message: 'How was the demo? Every question is optional.',
              requestedSchema: {
                type: 'object',
                properties: {
                  rating: { type: 'integer', title: 'Rating (1-5)', minimum: 1, maximum: 5, default: 4 },
                  recommend: { type: 'boolean', title: 'Would recommend', default: true },
                  frontEnd: {
                    type: 'string',
                    title: 'Front-end used',
                    oneOf: [
                      { const: 'terminal', title: 'Terminal' },
                      { const: 'browser', title: 'Browser' },
                      { const: 'plain', title: 'Plain lines' },
                    ],
                    default: 'terminal',
                  },
                  comment: { type: 'string', title: 'Comment', maxLength: 200, default: 'No comment' },
                },
              },
            }),
          },
        });
      }
      return reportResult(
        [received],
        received.action === 'accept' ? 'thanks for the feedback' : 'no feedback given',
      );
    },
  );
}
