// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): the 2026-07-28 scenarios without sign-in:
// per-request metadata, input_required rounds, the transport headers (SEP-2243), schemas with $ref.
// Each scenario runs at every revision whose scored requirement set lists it.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  'request-metadata': {
    proves: 'every request declares the elicitation capability in _meta and a -32022 answer is retried',
    ids: ['M-01', 'X-01'],
    signIns: 0,
    skipped: {
      'sep-2575-client-declares-roots-capability': 'the CLI declares only elicitation, not roots',
      'sep-2575-client-declares-sampling-capability': 'the CLI declares only elicitation, not sampling',
    },
  },
  'sep-2322-client-request-state': {
    proves:
      'input_required elicitations are answered and retried with requestState echoed, one CLI call per tool',
    ids: ['M-02', 'M-03', 'M-04', 'M-05', 'M-06', 'M-08'],
    signIns: 0,
  },
  'http-standard-headers': {
    proves: 'Mcp-Method and Mcp-Name go with tools, resources and prompts requests',
    ids: ['A-35'],
    signIns: 0,
    skipped: {
      ClientMcpMethodHeader_initialize: 'the 2026-07-28 era has no initialize handshake',
      ClientMcpMethodHeader_notifications_initialized: 'the 2026-07-28 era has no initialize handshake',
    },
  },
  'http-custom-headers': {
    proves:
      'a call mirrors the parameters its tool marks x-mcp-header into Mcp-Param-* headers, encoded per SEP-2243',
    ids: ['A-34'],
    signIns: 0,
  },
  'http-invalid-tool-headers': {
    proves: 'tools whose x-mcp-header annotations break the rules are left out, the valid one is called',
    ids: ['A-34'],
    signIns: 0,
  },
  'json-schema-ref-no-deref': {
    proves: 'a tool schema with $ref is listed and called without the client dereferencing it',
    signIns: 0,
  },
};

conformanceLeg('modern', EXPECTATIONS);
