// `confirm`: a pure confirmation. An empty `properties` object asks for a yes/no only (spec 2025-11-25
// §Requested Schema allows it); the answer is the action alone.
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { receivedFor, reportResult } from '../report.js';

const outcomes: Record<string, string> = {
  accept: 'confirmed',
  decline: 'the user said no',
  cancel: 'dismissed without an answer',
};

export function registerConfirm(server: McpServer): void {
  server.registerTool(
    'confirm',
    { description: 'Ask for a plain yes/no confirmation and report the answer.' },
    async (ctx) => {
      const received = receivedFor(ctx.mcpReq.inputResponses, 'confirm');
      if (received === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: 'Proceed with the demo action?',
              requestedSchema: { type: 'object', properties: {} },
            }),
          },
        });
      }
      return reportResult([received], outcomes[received.action] ?? `unknown action ${received.action}`);
    },
  );
}
