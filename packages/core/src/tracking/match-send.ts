import { contacts, emailSends } from '@prospector/db';
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { headerOf, type InboundMessage, messageIdsIn } from './inbound-message';

export interface MatchedSend {
  id: string;
  workspaceId: string;
  contactId: string;
  sequenceContactId: string;
  senderAccountId: string | null;
  sentAt: Date | null;
}

/** A report names its failed recipient; sends to it this recent are the candidates. */
const RECIPIENT_MATCH_WINDOW_MS = 7 * 24 * 3600_000;

const columns = {
  id: emailSends.id,
  workspaceId: emailSends.workspaceId,
  contactId: emailSends.contactId,
  sequenceContactId: emailSends.sequenceContactId,
  senderAccountId: emailSends.senderAccountId,
  messageId: emailSends.messageId,
  sentAt: emailSends.sentAt,
};

/**
 * The sent email an incoming message answers or reports on: the one its In-Reply-To names, else the latest
 * its References name, else the original a delivery report quotes, else the latest we sent in its Gmail
 * thread from this mailbox, else (for a delivery report) the latest this mailbox sent to the failed
 * recipient in the last week. Null when it is not about one of the user's emails.
 */
export async function matchSend(
  tx: Tx,
  scope: { workspaceId: string; accountId: string },
  message: InboundMessage,
  failedRecipient: string | null = null,
): Promise<MatchedSend | null> {
  const candidates = [
    ...messageIdsIn(headerOf(message, 'in-reply-to')),
    ...messageIdsIn(headerOf(message, 'references')).reverse(),
    ...message.quotedMessageIds,
  ];
  if (candidates.length) {
    const rows = await tx
      .select(columns)
      .from(emailSends)
      .where(
        and(
          eq(emailSends.workspaceId, scope.workspaceId),
          inArray(emailSends.messageId, [...new Set(candidates)]),
          isNotNull(emailSends.sentAt),
        ),
      );
    const byId = new Map(rows.map((row) => [row.messageId, row]));
    const found = candidates.map((id) => byId.get(id)).find(Boolean);
    if (found) return found;
  }
  const [inThread] = await tx
    .select(columns)
    .from(emailSends)
    .where(
      and(
        eq(emailSends.workspaceId, scope.workspaceId),
        eq(emailSends.senderAccountId, scope.accountId),
        eq(emailSends.gmailThreadId, message.threadId),
        isNotNull(emailSends.sentAt),
      ),
    )
    .orderBy(desc(emailSends.sentAt))
    .limit(1);
  if (inThread) return inThread;
  if (!failedRecipient) return null;
  // A report whose original is gone: the latest email this mailbox sent to the failed address, if recent.
  const [toRecipient] = await tx
    .select(columns)
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .where(
      and(
        eq(emailSends.workspaceId, scope.workspaceId),
        eq(emailSends.senderAccountId, scope.accountId),
        eq(contacts.email, failedRecipient),
        isNotNull(emailSends.sentAt),
        gte(emailSends.sentAt, new Date(message.receivedAt.getTime() - RECIPIENT_MATCH_WINDOW_MS)),
      ),
    )
    .orderBy(desc(emailSends.sentAt))
    .limit(1);
  return toRecipient ?? null;
}
