import { inboxConversations, inboxMessages } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findAccount } from '../gmail/account-store';
import { withGmail } from '../gmail/account-tokens';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

export interface FetchedAttachment {
  filename: string;
  mimeType: string;
  content: Uint8Array;
}

/**
 * One attachment of a stored message, fetched from Gmail when the user asks (attachments are listed on
 * arrival, never stored): the message is read again from its mailbox and the n-th named attachment returned.
 */
export async function fetchAttachment(
  deps: CoreDeps,
  userId: string,
  messageId: string,
  index: number,
): Promise<FetchedAttachment> {
  const [row] = await deps.db
    .select({ gmailMessageId: inboxMessages.gmailMessageId, accountId: inboxConversations.accountId })
    .from(inboxMessages)
    .innerJoin(inboxConversations, eq(inboxConversations.id, inboxMessages.conversationId))
    .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.id, messageId)));
  if (!row?.gmailMessageId || !row.accountId) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const account = await findAccount(deps.db, userId, row.accountId);
  if (!account) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const gmailId = row.gmailMessageId;
  const message = await withGmail(deps, account, (api) => api.getMessage(gmailId, 'raw'));
  const parsed = await PostalMime.parse(Buffer.from(message.raw ?? '', 'base64url'), {
    attachmentEncoding: 'arraybuffer',
  });
  const attachment = parsed.attachments.filter((file) => file.filename)[index];
  if (!attachment) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const content =
    typeof attachment.content === 'string'
      ? new TextEncoder().encode(attachment.content)
      : new Uint8Array(attachment.content);
  return { filename: attachment.filename ?? 'attachment', mimeType: attachment.mimeType, content };
}
