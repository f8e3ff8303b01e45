import { gmailAccounts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import { requireGoogle } from '../google/google-settings';
import type { IdTokenClaims, TokenSet } from '../google/oauth-client';
import { findAccount, getDefaultSender, type MailboxRow, setDefaultSender } from '../mailboxes/account-store';
import { syncAliases } from '../mailboxes/alias-sync';
import { recordMailboxActivity } from '../mailboxes/mailbox-activity';
import { accountKindOf } from '../quota/quota-policy';
import type { Actor } from '../workspaces/actor';
import { gmailApi } from './gmail-api';
import { storeSendingSinceAtConnection } from './mailbox-age';

/**
 * After a consent: reads the mailbox's profile and send-as aliases, upserts the account (one per user and
 * Google user, tokens encrypted), mirrors the aliases, reads the mailbox's age from its sent mail, and
 * makes it the default sender if there is none.
 * Connecting a Google account again (a disconnected or expired one) updates the same record: its id, its
 * settings (limits, gaps, pause) and the enrolments pinned to it stay, and its waiting emails can go.
 */
export async function connectGmailAccount(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  tokens: TokenSet,
  claims: IdTokenClaims,
): Promise<MailboxRow> {
  const { google, appSecret } = requireGoogle(deps);
  const now = deps.clock.now();
  const api = gmailApi(google, tokens.accessToken);
  const profile = await api.getProfile();
  const sendAs = await api.listSendAs();
  const email = profile.emailAddress.toLowerCase();
  const primary = sendAs.find((s) => s.isPrimary);
  const encryptedRefresh = tokens.refreshToken ? encryptSecret(tokens.refreshToken, appSecret) : null;
  const values = {
    workspaceId,
    googleUserId: claims.sub,
    email,
    displayName: primary?.displayName || claims.name || null,
    accessToken: encryptSecret(tokens.accessToken, appSecret),
    refreshToken: encryptedRefresh,
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
    status: 'connected' as const,
    accountKind: claims.hd ? ('workspace' as const) : accountKindOf(email),
    lastHistoryId: profile.historyId,
    lastError: null,
    sandbox: google.sandbox,
    updatedAt: now,
  };
  const account = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gmailAccounts)
      .values({ ...values, createdBy: actor.userId, createdAt: now })
      .onConflictDoUpdate({
        target: [gmailAccounts.workspaceId, gmailAccounts.googleUserId],
        set: {
          ...values,
          // Google sends a refresh token with each prompt=consent; should one be missing, keep the old one.
          refreshToken: sql`coalesce(excluded.refresh_token, ${gmailAccounts.refreshToken})`,
        },
      })
      .returning();
    await recordMailboxActivity(tx, now, actor, row!, 'mailbox.connected');
    return row!;
  });
  await syncAliases(deps.db, workspaceId, account.id, sendAs, now);
  await storeSendingSinceAtConnection(deps, api, account);
  const current = await getDefaultSender(deps.db, workspaceId);
  // A default that is disconnected (or gone) gives way; reconnecting the default mailbox keeps it.
  const defaultAccount = current.accountId
    ? await findAccount(deps.db, workspaceId, current.accountId)
    : undefined;
  const hasDefault = defaultAccount?.status === 'connected';
  if (!hasDefault) {
    const alias = sendAs.find((s) => s.isDefault)?.sendAsEmail.toLowerCase() ?? email;
    await setDefaultSender(deps.db, workspaceId, account.id, alias, now);
  }
  return account;
}
