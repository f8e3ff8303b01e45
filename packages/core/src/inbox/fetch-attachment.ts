import { inboxConversations, inboxMessages } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { asAppError } from '../mail/send-email';
import { findAccount } from '../mailboxes/account-store';
import { MailProviderError, PROVIDER_LABELS } from '../mailboxes/mail-provider';
import { mailProviderFor } from '../mailboxes/providers';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

export interface FetchedAttachment {
  filename: string;
  mimeType: string;
  content: Uint8Array;
}

/**
 * One attachment of a stored message, fetched from its mailbox when the user asks (attachments are listed on
 * arrival, never stored): the message is read again from its mailbox and the n-th named attachment returned.
 */
export async function fetchAttachment(
  deps: CoreDeps,
  workspaceId: string,
  messageId: string,
  index: number,
): Promise<FetchedAttachment> {
  const [row] = await deps.db
    .select({ gmailMessageId: inboxMessages.gmailMessageId, accountId: inboxConversations.accountId })
    .from(inboxMessages)
    .innerJoin(inboxConversations, eq(inboxConversations.id, inboxMessages.conversationId))
    .where(and(eq(inboxMessages.workspaceId, workspaceId), eq(inboxMessages.id, messageId)));
  if (!row?.gmailMessageId || !row.accountId) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const account = await findAccount(deps.db, workspaceId, row.accountId);
  if (!account) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const providerId = row.gmailMessageId;
  const raw = await mailProviderFor(account)
    .withSession(deps, account, (session) => session.fetchRaw(providerId))
    .catch((error: unknown) => {
      if (!(error instanceof MailProviderError) || error.kind === 'auth-lost') throw asAppError(error);
      const provider = PROVIDER_LABELS[error.provider];
      throw new AppError('UPSTREAM_ERROR', `${provider} did not return the message: ${error.detail}`);
    });
  if (!raw) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const parsed = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  const attachment = parsed.attachments.filter((file) => file.filename)[index];
  if (!attachment) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const content =
    typeof attachment.content === 'string'
      ? new TextEncoder().encode(attachment.content)
      : new Uint8Array(attachment.content);
  return { filename: attachment.filename ?? 'attachment', mimeType: attachment.mimeType, content };
}
