// Server-to-client features the host declared (sampling, roots) are declared upstream too, and the
// upstream server's requests for them are sent on to the host (as a request to a 2025 host, as an
// input_required round to a 2026 host); nothing the host lacks is declared.
import type {
  Client,
  ClientCapabilities,
  CreateMessageResult,
  ListRootsResult,
} from '@modelcontextprotocol/client';
import { inputRequired, type Server } from '@modelcontextprotocol/server';
import type { ElicitationMode } from '../contracts/protocol.js';
import type { CallLedger } from './call-ledger.js';
import type { HostHello } from './host-hello.js';
import type { HostRounds } from './host-rounds.js';

const NO_TIMEOUT_MS = 2_147_000_000;

/** The elicitation modes the host declared (a 2026 host is asked through input_required rounds). */
export function hostElicitationModes(hello: HostHello): ElicitationMode[] {
  const declared = hello.capabilities.elicitation;
  if (declared === undefined) return [];
  const modes: ElicitationMode[] = [];
  if ('form' in declared || !('url' in declared)) modes.push('form');
  if ('url' in declared) modes.push('url');
  return modes;
}

export function forwardClientFeatures(
  client: Client,
  hello: HostHello,
  host: () => Server,
  rounds: HostRounds,
  ledger: CallLedger,
): void {
  const declared: ClientCapabilities = hello.capabilities;
  // A 2025 host gets the request itself; a 2026 host has none, so it gets an input_required round.
  const modern = hello.era === '2026-07-28';
  if (declared.sampling) {
    client.registerCapabilities({ sampling: declared.sampling });
    client.setRequestHandler('sampling/createMessage', (request, ctx) =>
      ledger.arrived(() =>
        modern
          ? (rounds.askInput(
              inputRequired.createMessage(request.params),
              'sample',
              ctx.mcpReq.signal,
            ) as Promise<CreateMessageResult>)
          : host().createMessage(request.params, { signal: ctx.mcpReq.signal, timeout: NO_TIMEOUT_MS }),
      ),
    );
  }
  if (declared.roots) {
    client.registerCapabilities({ roots: declared.roots });
    client.setRequestHandler('roots/list', (_request, ctx) =>
      ledger.arrived(() =>
        modern
          ? (rounds.askInput(
              inputRequired.listRoots(),
              'roots',
              ctx.mcpReq.signal,
            ) as Promise<ListRootsResult>)
          : host().listRoots(undefined, { signal: ctx.mcpReq.signal }),
      ),
    );
  }
}
