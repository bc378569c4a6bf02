// A sign-in under --park (issue 34 item 3): nothing is asked, shown or opened on this machine. The
// sign-in is parked like a question (Renderer.parkSignIn: the page analysed as every URL step's,
// the device code) while it goes on here: the loopback listener takes a browser's redirect, or
// the device polling runs (interval, slow_down, expiry: device-flow.ts). An address pasted back
// (`answer --paste-back`) gets the listener's own check; `answer --cancel` or expiry stops it.
import type { OAuthTokens } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import type { Era } from '../contracts/protocol.js';
import type { PromptContext, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { ParkedSignIn, SignInPrompt } from '../contracts/sign-in-park.js';
import { sanitizeText } from '../core/sanitize.js';
import type { UrlAnalysis } from '../core/url-safety.js';
import type { CallbackExpectation } from './callback-check.js';
import type { Callback, CallbackListener } from './callback-listener.js';
import type { DeviceAuthorization } from './device-flow.js';
import { checkPastedAddress } from './paste-back.js';

/** setTimeout's longest delay: the park's own expiry (--park-ttl) ends a parked sign-in sooner. */
const PARKED_WAIT_MS = 2_147_483_647;

/** Who a parked sign-in is for. */
export interface ParkedSignInDeps {
  readonly renderer: Renderer;
  readonly server: ServerIdentity;
  readonly era?: Era;
  /** Aborted when the sign-in ends another way: the parked entry is withdrawn. */
  readonly signal?: AbortSignal;
}

/** The authorization-code flow parked: the first of the listener's callback and a pasted address. */
export async function parkedCallback(
  deps: ParkedSignInDeps,
  page: { analysis: UrlAnalysis; listener: CallbackListener; expected: CallbackExpectation },
): Promise<Callback> {
  const waiting = page.listener.wait(page.expected, {
    timeoutMs: PARKED_WAIT_MS,
    ...(deps.signal !== undefined && { signal: deps.signal }),
  });
  waiting.catch(() => {});
  let paste: (params: URLSearchParams) => void = () => {};
  const pasted = new Promise<Callback>((resolve) => {
    paste = (params) => resolve({ params, respond: () => {} });
  });
  const site = sanitizeText(page.analysis.unicodeHost, { maxLength: 120 });
  const prompt: SignInPrompt = {
    kind: 'sign-in',
    message: `${deps.server.label} needs you to sign in at the sign-in page of ${site}. A browser on this machine comes back by itself; from another machine, pass the address the browser ends on to mcp-elicit answer --paste-back.`,
    analysis: page.analysis,
    pasteBack: (address) => {
      const checked = checkPastedAddress(address, page.listener.redirectUrl, page.expected);
      if (!checked.ok) return checked;
      paste(checked.params);
      return { ok: true };
    },
  };
  return whileParked(deps, prompt, (parked) => Promise.race([waiting, pasted, stopped(parked, deps)]));
}

/** The device flow parked: the polling's tokens, saved before the entry goes. */
export async function parkedDeviceTokens(
  deps: ParkedSignInDeps,
  device: {
    analysis: UrlAnalysis;
    authorization: DeviceAuthorization;
    poll: (signal: AbortSignal) => Promise<OAuthTokens>;
    save: (tokens: OAuthTokens) => Promise<void>;
  },
): Promise<void> {
  const { authorization: a } = device;
  const prompt: SignInPrompt = {
    kind: 'sign-in',
    message: `${deps.server.label} needs you to sign in with a device code: open the address on any device and enter the code.`,
    analysis: device.analysis,
    device: {
      verificationUri: a.verificationUri,
      ...(a.verificationUriComplete !== undefined && { verificationUriComplete: a.verificationUriComplete }),
      userCode: a.userCode,
      expiresAt: a.expiresAt,
    },
  };
  const stop = new AbortController();
  try {
    const signal = deps.signal === undefined ? stop.signal : AbortSignal.any([deps.signal, stop.signal]);
    await whileParked({ ...deps, signal }, prompt, async (parked) =>
      device.save(await Promise.race([quiet(device.poll(stop.signal)), stopped(parked, deps)])),
    );
  } finally {
    stop.abort();
  }
}

// Parks `prompt` for as long as `run` takes; its entry goes once the sign-in finished.
async function whileParked<T>(
  deps: ParkedSignInDeps,
  prompt: SignInPrompt,
  run: (parked: ParkedSignIn) => Promise<T>,
): Promise<T> {
  const park = deps.renderer.parkSignIn?.bind(deps.renderer);
  if (park === undefined) throw new ElicitError('sign-in-failed', 'this front-end cannot park a sign-in');
  const ctx: PromptContext = {
    server: deps.server,
    era: deps.era ?? '2025-11-25',
    signal: deps.signal ?? new AbortController().signal,
    waiting: 0,
  };
  const parked = park(prompt, ctx);
  const result = await run(parked);
  parked.finished();
  return result;
}

function stopped(parked: ParkedSignIn, deps: ParkedSignInDeps): Promise<never> {
  return quiet(
    parked.stopped.then(({ detail }) => {
      throw new ElicitError(
        'sign-in-required',
        `${deps.server.label} needs a sign-in, and the parked sign-in ended: ${detail}; nothing was stored`,
      );
    }),
  );
}

// A loser of a race may still reject later (aborted): that is no unhandled rejection.
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
