import type { MailboxRow } from '../mailboxes/account-store';
import { mailProviderFor } from '../mailboxes/providers';
import type { EngineDeps } from './engine-deps';
import type { SentMessage } from './mark-sent';

/**
 * Looks the mailbox up for a message we sent with this Message-ID (Gmail's `rfc822msgid:` search, Graph's
 * Sent Items by internetMessageId, the IMAP Sent folder by header), so a send whose outcome was lost (a
 * crash, a broken connection) is recognised instead of sent twice.
 */
export async function findSentMessage(
  deps: EngineDeps,
  mailbox: MailboxRow,
  messageId: string,
): Promise<SentMessage | null> {
  const found = await mailProviderFor(mailbox).withSession(deps, mailbox, (session) =>
    session.findSent(messageId),
  );
  if (!found) return null;
  return {
    gmailMessageId: found.providerMessageId,
    threadId: found.threadId,
    sentAt: found.sentAt ?? deps.clock.now(),
  };
}
