import { isAppError } from '../app-error';
import { decryptSecret } from '../crypto/secret-box';
import { revokeToken } from '../google/oauth-client';
import { type MailProvider, MailProviderError } from '../mailboxes/mail-provider';
import { KIND_DAILY_LIMITS } from '../quota/quota-policy';
import { withGmail } from './account-tokens';
import { GmailApiError, gmailFailureKind, retryAfterHeader } from './gmail-error';
import { gmailSession } from './gmail-session';

/** Gmail's refusal in the app's kinds; a scope taken away is lost authorisation. */
export function gmailFailure(error: GmailApiError, now: Date): MailProviderError {
  const kind = gmailFailureKind(error);
  return new MailProviderError('gmail', kind === 'permission' ? 'auth-lost' : kind, error.detail, {
    status: error.status,
    code: error.reason,
    retryAt: error.retryAt ?? retryAfterHeader(error.retryAfter ?? null, now),
    cause: error,
  });
}

/** Gmail and Google Workspace mailboxes through the Gmail API (live or the sandbox Google). */
export const gmailProvider: MailProvider = {
  kind: 'gmail',

  reachable: (deps, mailbox) => deps.google !== undefined && mailbox.sandbox === deps.google.sandbox,

  async withSession(deps, mailbox, work) {
    try {
      return await withGmail(deps, mailbox, (api) => work(gmailSession(api, deps.clock)));
    } catch (error) {
      if (error instanceof GmailApiError) throw gmailFailure(error, deps.clock.now());
      // withGmail has already held the mailbox (token_expired) or found it so.
      if (isAppError(error) && error.code === 'SENDER_UNAVAILABLE') {
        throw new MailProviderError('gmail', 'auth-lost', error.message, {
          code: 'token_expired',
          cause: error,
        });
      }
      throw error;
    }
  },

  limits: (mailbox) => ({
    maxDailyLimit: KIND_DAILY_LIMITS[mailbox.accountKind],
    minGapSeconds: 0,
  }),

  async revokeGrant(deps, mailbox) {
    const token = mailbox.refreshToken ?? mailbox.accessToken;
    if (!token || !deps.google || !deps.appSecret || mailbox.sandbox !== deps.google.sandbox) return;
    await revokeToken(deps.google, decryptSecret(token, deps.appSecret));
  },
};
