// The part of attachElicitation that reads requests and answers them: the schema parser and the
// validator, with what they load (RE2, an ECMA-262 regex parser, the format checkers). attach.ts
// imports this module without waiting for it, so a client loads it while the server starts
// instead of before it connects.
import type { ElicitationMode } from '../contracts/protocol.js';
import { createElicitationHandler, type ElicitationHandler } from './elicitation-handler.js';
import { createResponder, type ResponderDeps } from './respond.js';
import { createSchemaCache } from './schema-cache.js';

export interface Engine {
  readonly handler: ElicitationHandler;
}

export function createEngine(deps: ResponderDeps & { readonly modes: readonly ElicitationMode[] }): Engine {
  const respond = createResponder(deps);
  const parseSchema = createSchemaCache();
  const handler = createElicitationHandler({
    modes: deps.modes,
    era: deps.era,
    parseSchema,
    respond,
    emit: deps.emit,
    renderer: deps.renderer,
    label: deps.label,
    server: deps.server,
  });
  return { handler };
}
