// An expired stored access token is refreshed before the first request, not after a 401 (issue 31
// item 7): sent without a token, the request's 401 would lead the SDK to refresh at the cached
// authorization server and, if the server has moved, give up with "401 after re-authentication".
// The refresh runs under a lock shared by every process signed in to the server (E-11): with a
// rotating refresh token only one may use it; the others wait, read the store again and use the
// new tokens, so no one is sent to a browser because of another's refresh.

import { dirname } from 'node:path';
import { auth, OAuthError } from '@modelcontextprotocol/client';
import { withFileLock } from '../files/file-lock.js';
import { ensurePrivateDir } from '../files/private-file.js';
import type { SignInProvider } from './provider.js';

/** Refreshes the stored tokens now when they have expired and can be refreshed. */
export async function refreshBeforeFirstRequest(provider: SignInProvider, serverUrl: URL): Promise<void> {
  if (!provider.needsRefresh()) return;
  await ensurePrivateDir(dirname(provider.lockFile), { tighten: true });
  await withFileLock(provider.lockFile, async () => {
    await provider.reload();
    if (!provider.needsRefresh()) return;
    try {
      await auth(provider, { serverUrl, fetchFn: provider.watchFetch() });
    } catch (error) {
      // A refused refresh (invalid_grant): the first request gets its 401 and a sign-in follows.
      if (!OAuthError.isInstance(error)) throw error;
    }
  });
}
