import { AppError } from '../app-error';
import { pkceVerifier, purposeOf, takeOAuthState } from '../auth/oauth-state';
import type { CoreDeps } from '../deps';
import { REQUIRED_GMAIL_SCOPES, requireGoogle } from '../google/google-settings';
import { exchangeCode, OAuthError, readIdToken, revokeToken } from '../google/oauth-client';
import { saveGoogleIntegration } from '../integrations/google-integration';
import type { Actor } from '../workspaces/actor';
import { roleAllows, type WorkspaceRole } from '../workspaces/roles';
import { connectGmailAccount } from './connect-gmail-account';
import { GmailApiError } from './gmail-api';

export interface GoogleCallbackInput {
  workspaceId: string;
  actor: Actor;
  /** The person's role in the session's workspace now, which may differ from where they began. */
  role: WorkspaceRole;
  sessionId: string;
  code?: string;
  state?: string;
  error?: string;
}

/**
 * GET /api/auth/google/callback: checks the state against the one bound to the session (single use),
 * exchanges the code, checks that a mailbox's grant covers sending and reading (else `missing_scopes`, and
 * nothing is stored), and stores the mailbox (or the Workspace integration). Answers where the browser
 * goes next: the page it came from, with `connected=true` or `error=<reason>`.
 */
export async function completeGoogleConnect(
  deps: CoreDeps,
  input: GoogleCallbackInput,
): Promise<{ redirectTo: string }> {
  const { google, appSecret } = requireGoogle(deps);
  const purpose = input.state ? purposeOf(input.state) : undefined;
  const page = purpose === 'gsuite' ? '/integrations/gsuite' : '/connection/gmail';
  const fail = (reason: string) => ({ redirectTo: `${page}?error=${encodeURIComponent(reason)}` });
  if (
    !input.state ||
    !purpose ||
    purpose === 'microsoft' ||
    !(await takeOAuthState(deps.db, input.sessionId, input.state))
  ) {
    return fail('invalid_state');
  }
  if (!roleAllows(input.role, 'admin')) return fail('forbidden');
  if (input.error) return fail(input.error === 'access_denied' ? 'access_denied' : 'oauth_error');
  if (!input.code) return fail('missing_code');
  try {
    const now = deps.clock.now();
    const tokens = await exchangeCode(google, input.code, pkceVerifier(input.state, appSecret), now);
    if (!tokens.idToken) return fail('no_id_token');
    const claims = readIdToken(google, tokens.idToken, now);
    if (purpose === 'gmail' && REQUIRED_GMAIL_SCOPES.some((scope) => !tokens.scopes.includes(scope))) {
      // A mailbox that cannot send or read replies is not connected at all; the partial grant is given back.
      await revokeToken(google, tokens.refreshToken ?? tokens.accessToken);
      return fail('missing_scopes');
    }
    if (purpose === 'gmail') await connectGmailAccount(deps, input.workspaceId, input.actor, tokens, claims);
    else await saveGoogleIntegration(deps, input.workspaceId, tokens, claims);
    return { redirectTo: `${page}?connected=true` };
  } catch (error) {
    if (error instanceof OAuthError || error instanceof GmailApiError || error instanceof AppError) {
      return fail('connection_failed');
    }
    throw error;
  }
}
