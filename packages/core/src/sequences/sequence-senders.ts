import { SENDER_ACCOUNT_NOT_FOUND } from '@prospector/contracts';
import { type AppDb, gmailAccounts, gmailAliases } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';

export const SEND_AS_NOT_OF_MAILBOX = 'Send-as address is not an address of the chosen sender mailbox';
export const SEND_AS_NEEDS_MAILBOX = 'Please select the sender mailbox of the send-as address';

interface SenderChoice {
  senderAccountId: string | null;
  senderAccountIds: string[];
  sendAsEmail: string | null;
}

/**
 * Checks a sequence's sender choice before it is saved: every mailbox must be one of the user's (another
 * user's id reads as not found), and a send-as address must be the first mailbox's own address or one of
 * its aliases. Returns the send-as address lower-cased, as aliases are stored.
 */
export async function checkSenderChoice(
  db: AppDb,
  workspaceId: string,
  choice: SenderChoice,
): Promise<string | null> {
  const ids = [
    ...new Set([...(choice.senderAccountId ? [choice.senderAccountId] : []), ...choice.senderAccountIds]),
  ];
  const owned = ids.length
    ? await db
        .select({ id: gmailAccounts.id, email: gmailAccounts.email })
        .from(gmailAccounts)
        .where(and(eq(gmailAccounts.workspaceId, workspaceId), inArray(gmailAccounts.id, ids)))
    : [];
  if (owned.length !== ids.length) throw new AppError('VALIDATION_ERROR', SENDER_ACCOUNT_NOT_FOUND);
  if (!choice.sendAsEmail) return null;
  const sendAs = choice.sendAsEmail.toLowerCase();
  const mailboxId = choice.senderAccountId ?? choice.senderAccountIds[0];
  if (!mailboxId) throw new AppError('VALIDATION_ERROR', SEND_AS_NEEDS_MAILBOX);
  const mailbox = owned.find((account) => account.id === mailboxId);
  if (mailbox?.email.toLowerCase() === sendAs) return sendAs;
  const [alias] = await db
    .select({ id: gmailAliases.id })
    .from(gmailAliases)
    .where(and(eq(gmailAliases.accountId, mailboxId), eq(gmailAliases.sendAsEmail, sendAs)))
    .limit(1);
  if (!alias) throw new AppError('VALIDATION_ERROR', SEND_AS_NOT_OF_MAILBOX);
  return sendAs;
}
