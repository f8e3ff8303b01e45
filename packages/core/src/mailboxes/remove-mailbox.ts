import type { CoreDeps } from '../deps';
import { deleteGmailAccount } from '../gmail/manage-gmail-accounts';
import { updateAccount } from './account-store';
import { requireMailbox } from './update-mailbox';

/**
 * DELETE /api/mailboxes/{id}, any provider, with the Gmail route's effects: Disconnect forgets the
 * credentials and keeps the record (reconnecting the same mailbox brings back its settings and the
 * enrolments pinned to it, whose emails wait meanwhile); `permanently` deletes it (pinned enrolments lose
 * their mailbox and wait to be moved); the default sender moves to another connected mailbox.
 * Only Google's grants are revoked at the provider: Microsoft's identity platform has no endpoint that
 * revokes one app's refresh token, and an SMTP password is the user's own, so both are simply forgotten.
 */
export async function removeMailbox(
  deps: CoreDeps,
  userId: string,
  mailboxId: string,
  options: { permanently?: boolean } = {},
) {
  const mailbox = await requireMailbox(deps, userId, mailboxId);
  if (mailbox.provider !== 'gmail') {
    // The Gmail disconnect forgets OAuth tokens only; an SMTP mailbox's passwords go too.
    await updateAccount(deps.db, userId, mailbox.id, {
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      connectionSecret: null,
      updatedAt: deps.clock.now(),
    });
  }
  return deleteGmailAccount(deps, userId, mailbox.id, options);
}
