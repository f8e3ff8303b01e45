import type { AuthUrlResponse } from '@prospector/contracts';
import { type ConnectPurpose, newOAuthState, pkceVerifier, saveOAuthState } from '../auth/oauth-state';
import type { CoreDeps } from '../deps';
import { requireGoogle } from '../google/google-settings';
import { authorizationUrl } from '../google/oauth-client';

/**
 * GET /api/gmail/connect and GET /api/auth/google: a fresh state bound to the session, and the consent URL
 * (PKCE S256, offline access) the browser is sent to.
 */
export async function startGoogleConnect(
  deps: CoreDeps,
  session: { sessionId: string },
  purpose: ConnectPurpose,
): Promise<AuthUrlResponse> {
  const { google, appSecret } = requireGoogle(deps);
  const state = newOAuthState(purpose);
  await saveOAuthState(deps.db, session.sessionId, state);
  return { authUrl: authorizationUrl(google, { state, codeVerifier: pkceVerifier(state, appSecret) }) };
}
