// Why the MCP server still answered 401 after a sign-in, in one sentence (issue 31 item 11): the
// SDK's "Server returned 401 after re-authentication" does not say whether a token was even sent.
import { ElicitError } from '../contracts/elicit-error.js';

/** What the provider can say of its stored tokens. */
export interface TokenState {
  hasStoredTokens(): boolean;
  hasUsableToken(): boolean;
}

/** Notes whether the MCP endpoint's last 401 answered a request that carried a token. */
export class RefusalWatch {
  #carried: boolean | undefined;

  /** For the provider's fetch wrapper (watch-fetch.ts), which sees the endpoint's 401s. */
  readonly note = (carriedToken: boolean): void => {
    this.#carried = carriedToken;
  };

  /** The error for a 401 that outlived the sign-in at `server`. */
  error(tokens: TokenState, server: string, cause: unknown): ElicitError {
    return new ElicitError('sign-in-failed', `${server} ${this.#reason(tokens)}`, { cause });
  }

  #reason(tokens: TokenState): string {
    if (this.#carried === true)
      return 'refused the access token the sign-in had just given (HTTP 401 again): it may trust another authorization server, or need other scopes';
    const why = !tokens.hasStoredTokens()
      ? 'no access token was stored'
      : tokens.hasUsableToken()
        ? 'the stored access token was not used'
        : 'the access token from the authorization server had expired before it could be sent';
    return `answered HTTP 401 again after the sign-in, to a request sent without a token: ${why}`;
  }
}
