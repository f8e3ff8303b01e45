import { AppError } from '../app-error';
import { decryptRowSecret } from '../crypto/row-secret';
import { decryptSecret, encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import { requireGoogle } from '../google/google-settings';
import { OAuthError, refreshAccessToken } from '../google/oauth-client';
import { type MailboxRow, reconnectMessage, updateAccount } from '../mailboxes/account-store';
import { type GmailApi, GmailApiError, gmailApi } from './gmail-api';
import { gmailFailureKind } from './gmail-error';

/** An access token this close to its expiry is refreshed first. */
const EXPIRY_MARGIN_MS = 60_000;

export const SCOPE_REMOVED_MESSAGE =
  'Gmail permission to send or to read replies was removed; connect the mailbox again and keep both boxes ticked';

/**
 * Runs `work` with a Gmail API client for the account: refreshes an expired access token first (and once
 * more when Gmail answers 401), keeping the new token encrypted. A refresh answered with invalid_grant
 * marks the account token_expired and fails with SENDER_UNAVAILABLE.
 */
export async function withGmail<T>(
  deps: CoreDeps,
  account: MailboxRow,
  work: (api: GmailApi) => Promise<T>,
): Promise<T> {
  const { google, appSecret } = requireGoogle(deps);
  // A mailbox connected through the sandbox has no tokens Google knows, and the other way round.
  const otherWorld = account.sandbox !== google.sandbox;
  if (
    account.status === 'token_expired' ||
    account.status === 'disconnected' ||
    !account.refreshToken ||
    otherWorld
  ) {
    throw new AppError('SENDER_UNAVAILABLE', reconnectMessage(account.email));
  }
  const now = deps.clock.now();
  const fresh =
    account.accessToken &&
    account.tokenExpiresAt &&
    account.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime();
  let token = fresh
    ? decryptRowSecret(account, account.accessToken as string, appSecret)
    : await refresh(deps, account);
  try {
    try {
      return await work(gmailApi(google, token));
    } catch (error) {
      if (!(error instanceof GmailApiError) || error.status !== 401) throw error;
      token = await refresh(deps, account);
      return await work(gmailApi(google, token));
    }
  } catch (error) {
    if (error instanceof GmailApiError && gmailFailureKind(error) === 'permission') {
      await markForReconnection(deps, account, SCOPE_REMOVED_MESSAGE);
    }
    throw error;
  }
}

/** A grant that no longer covers what the app does: the mailbox must be connected again (its sends wait). */
async function markForReconnection(deps: CoreDeps, account: MailboxRow, reason: string) {
  await updateAccount(deps.db, account.workspaceId, account.id, {
    status: 'token_expired',
    lastError: reason,
    updatedAt: deps.clock.now(),
  });
  throw new AppError('SENDER_UNAVAILABLE', reconnectMessage(account.email));
}

/**
 * Refreshes and stores the account's access token; returns the new token. A refresh in flight while the
 * user disconnects the mailbox never writes over the disconnection.
 */
export async function refresh(deps: CoreDeps, account: MailboxRow): Promise<string> {
  const { google, appSecret } = requireGoogle(deps);
  const now = deps.clock.now();
  try {
    const refreshToken = decryptSecret(account.refreshToken ?? '', appSecret);
    const tokens = await refreshAccessToken(google, refreshToken, now);
    await updateAccount(
      deps.db,
      account.workspaceId,
      account.id,
      {
        accessToken: encryptSecret(tokens.accessToken, appSecret),
        tokenExpiresAt: tokens.expiresAt,
        ...(tokens.refreshToken ? { refreshToken: encryptSecret(tokens.refreshToken, appSecret) } : {}),
        status: 'connected',
        lastError: null,
        updatedAt: now,
      },
      { unlessDisconnected: true },
    );
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof OAuthError && error.error === 'invalid_grant') {
      await updateAccount(
        deps.db,
        account.workspaceId,
        account.id,
        {
          status: 'token_expired',
          lastError: error.message,
          updatedAt: now,
        },
        { unlessDisconnected: true },
      );
      throw new AppError('SENDER_UNAVAILABLE', reconnectMessage(account.email));
    }
    if (error instanceof OAuthError) {
      throw new AppError('UPSTREAM_ERROR', `Google could not refresh the token of ${account.email}`);
    }
    throw error;
  }
}
