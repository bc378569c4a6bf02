// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): the scenarios without sign-in that both
// eras or 2025-11-25 score: sessions, tools, elicitation defaults, SSE resumption.
// Each scenario runs at every revision whose scored requirement set lists it.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  tools_call: {
    proves: 'the CLI lists the tools and calls one with schema-typed arguments, every message wire-valid',
    signIns: 0,
  },
  initialize: { proves: 'the CLI opens a 2025-11-25 session with the initialize handshake', signIns: 0 },
  'elicitation-sep1034-client-defaults': {
    proves:
      'a form accepted with --accept-defaults reaches the server with every omitted field set to its default',
    ids: ['C-09'],
    signIns: 0,
  },
  'sse-retry': {
    proves: 'a tool call whose SSE stream drops is resumed and completes',
    signIns: 0,
  },
};

conformanceLeg('core', EXPECTATIONS);
