// `demo://vault/{item}` resource: asks for a yes/no before revealing its (harmless) text, so
// `resources/read` carries an elicitation too. Listed as a template and as one concrete resource.
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired, ResourceTemplate } from '@modelcontextprotocol/server';
import { receivedFor } from '../report.js';

export function registerVaultResource(server: McpServer): void {
  server.registerResource(
    'vault',
    new ResourceTemplate('demo://vault/{item}', {
      list: async () => ({
        resources: [{ uri: 'demo://vault/motto', name: 'motto', mimeType: 'text/plain' }],
      }),
    }),
    { description: 'A guarded note: reading it asks for confirmation first.', mimeType: 'text/plain' },
    async (uri, variables, ctx) => {
      const received = receivedFor(ctx.mcpReq.inputResponses, 'reveal');
      if (received === undefined) {
        return inputRequired({
          inputRequests: {
            reveal: inputRequired.elicit({
              message: `Reveal the vault note "${String(variables.item)}"?`,
              requestedSchema: { type: 'object', properties: {} },
            }),
          },
        });
      }
      const text =
        received.action === 'accept'
          ? `reveal: action=accept\nThe note ${String(variables.item)} says: elicitation works here too.`
          : `reveal: action=${received.action}\n(nothing revealed)`;
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
    },
  );
}
