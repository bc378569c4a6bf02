// The `mcp-elicit/auth` entry: sign-in (OAuth 2.1 on the SDK's OAuthClientProvider), its private
// store and the flow. Its own entry because the flow listens on loopback (node:http).

export type { PendingAuthorization } from './auth/authorization-check.js';
export type { CallbackExpectation } from './auth/callback-check.js';
export {
  type Callback,
  type CallbackListener,
  type CallbackVerdict,
  startCallbackListener,
} from './auth/callback-listener.js';
export {
  type ConnectWithSignInOptions,
  connectWithSignIn,
  type SignedInConnection,
  type SignInTransportParts,
} from './auth/connect-with-sign-in.js';
export type { DeviceClock } from './auth/device-clock.js';
export type { DeviceAuthorization } from './auth/device-response.js';
export { SignInProvider, type SignInProviderOptions } from './auth/provider.js';
export type { SignInMethod, SignInSettings } from './auth/settings.js';
export {
  DEFAULT_SIGN_IN_TIMEOUT_MS,
  type FinishesAuth,
  MAX_SIGN_INS,
  type SignInOptions,
  type SignInResult,
  SignInSession,
} from './auth/sign-in.js';
export {
  type AuthEntrySummary,
  type AuthKey,
  type AuthRecord,
  AuthStore,
  type IssuerRecord,
  type PendingSignIn,
  type SavedTokens,
} from './auth/store.js';
export { authStoreDir } from './auth/store-dir.js';
