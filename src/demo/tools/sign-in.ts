// `sign_in`: a URL-mode step. The client is sent to the demo's own loopback sign-in page
// (sign-in-page.ts); the flow id rides in requestState. On 2025-11-25 accept means "opened", so the
// tool waits for the page; on 2026-07-28 the client retries once the person says they are done.
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { receivedFor, reportResult } from '../report.js';
import { stateCodec } from '../request-state.js';
import { findSignInFlow, newSignInFlow, untilSignedIn } from '../sign-in-page.js';

const WAIT_MS = Number(process.env.MCP_ELICIT_DEMO_SIGN_IN_WAIT_MS ?? 120_000);

export function registerSignIn(server: McpServer): void {
  server.registerTool(
    'sign_in',
    { description: 'Sign in on a web page the demo serves on this machine (URL-mode elicitation).' },
    async (ctx) => {
      const state = ctx.mcpReq.requestState<string>();
      const flow = typeof state === 'string' ? findSignInFlow(state) : undefined;
      const received = receivedFor(ctx.mcpReq.inputResponses, 'sign_in');
      if (flow === undefined || received === undefined) {
        const next = await newSignInFlow();
        return inputRequired({
          inputRequests: {
            sign_in: inputRequired.elicitUrl({
              message: 'Sign in to the demo in your browser',
              url: next.url,
            }),
          },
          requestState: await stateCodec.mint(next.id),
        });
      }
      if (received.action !== 'accept') return reportResult([received], `not signed in (${received.action})`);
      const signedIn = await untilSignedIn(flow, WAIT_MS, ctx.mcpReq.signal);
      return reportResult(
        [received],
        signedIn ? `signed in as ${flow.signedInAs}` : 'the sign-in page was opened but not completed',
      );
    },
  );
}
