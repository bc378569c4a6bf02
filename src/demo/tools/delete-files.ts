// `delete_files`: a destructive action behind a confirmation, where "decline" must be honoured as a
// firm no (spec 2025-11-25 §Response Actions). Nothing is deleted; the tool only reports.
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { receivedFor, reportResult } from '../report.js';

const files = ['notes.txt', 'draft.md', 'old.log'];

const outcomes: Record<string, string> = {
  accept: `would delete ${files.length} files (demo: nothing was deleted)`,
  decline: 'declined: the files are kept',
  cancel: 'cancelled: nothing was changed',
};

export function registerDeleteFiles(server: McpServer): void {
  server.registerTool(
    'delete_files',
    { description: 'Ask before deleting files (a decline keeps them); nothing is really deleted.' },
    async (ctx) => {
      const received = receivedFor(ctx.mcpReq.inputResponses, 'delete');
      if (received === undefined) {
        return inputRequired({
          inputRequests: {
            delete: inputRequired.elicit({
              message: `Permanently delete ${files.join(', ')}? This cannot be undone.`,
              requestedSchema: {
                type: 'object',
                properties: {
                  keepBackup: {
                    type: 'boolean',
                    title: 'Keep a backup copy',
                    description: 'Copy the files to ./backup before deleting',
                    default: true,
                  },
                },
              },
            }),
          },
        });
      }
      return reportResult([received], outcomes[received.action] ?? `unknown action ${received.action}`);
    },
  );
}
