import type { GmailAccountRow } from '../gmail/account-store';
import { withGmail } from '../gmail/account-tokens';
import type { EngineDeps } from './engine-deps';
import type { SentMessage } from './mark-sent';

/**
 * Looks the mailbox up for a message we sent with this Message-ID (`messages.list q=rfc822msgid:`), so a
 * send whose outcome was lost (a crash, a broken connection) is recognised instead of sent twice.
 */
export async function findSentMessage(
  deps: EngineDeps,
  account: GmailAccountRow,
  messageId: string,
): Promise<SentMessage | null> {
  const bare = messageId.replace(/^<|>$/g, '');
  return withGmail(deps, account, async (api) => {
    const list = await api.listMessages({ q: `rfc822msgid:${bare}`, maxResults: 1 });
    const found = list.messages?.[0];
    if (!found) return null;
    const message = await api.getMessage(found.id, 'minimal');
    const internal = Number(message.internalDate);
    return {
      gmailMessageId: found.id,
      threadId: found.threadId,
      sentAt: Number.isFinite(internal) && internal > 0 ? new Date(internal) : deps.clock.now(),
    };
  });
}
