import {
  contacts,
  emailLogs,
  emailSends,
  gmailAccounts,
  sequenceContacts,
  sequenceSteps,
} from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { EngineDeps } from './engine-deps';

/**
 * A claimed send with what handing it to its mailbox's provider needs: recipient, thread, the step's
 * reaction window, the provider, and
 * the quota row its claim reserved ('queued' email_logs row; null for a send claimed without one).
 */
export async function loadSending(deps: EngineDeps, sendId: string) {
  const [row] = await deps.db
    .select({
      send: emailSends,
      to: contacts.email,
      toFirstName: contacts.firstName,
      toLastName: contacts.lastName,
      toName: contacts.name,
      threadId: sequenceContacts.threadId,
      threadMessageIds: sequenceContacts.threadMessageIds,
      reactionWindowHours: sequenceSteps.reactionWindowHours,
      reactionWindowMinutes: sequenceSteps.reactionWindowMinutes,
      logId: emailLogs.id,
      provider: gmailAccounts.provider,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .innerJoin(sequenceContacts, eq(sequenceContacts.id, emailSends.sequenceContactId))
    .leftJoin(sequenceSteps, eq(sequenceSteps.id, emailSends.stepId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .leftJoin(emailLogs, and(eq(emailLogs.emailSendId, emailSends.id), eq(emailLogs.status, 'queued')))
    .where(eq(emailSends.id, sendId))
    .limit(1);
  if (!row) return null;
  const displayName =
    row.toName?.trim() || [row.toFirstName, row.toLastName].filter(Boolean).join(' ').trim() || null;
  return {
    ...row,
    toName: displayName && displayName.toLowerCase() !== row.to.toLowerCase() ? displayName : null,
    sending: {
      id: row.send.id,
      sequenceContactId: row.send.sequenceContactId,
      stepId: row.send.stepId,
      subject: row.send.subject,
      messageId: row.send.messageId,
      reactionWindowHours: row.reactionWindowHours ?? 0,
      reactionWindowMinutes: row.reactionWindowMinutes ?? 0,
      userId: row.send.userId,
      senderAccountId: row.send.senderAccountId,
      logId: row.logId,
    },
  };
}
export type LoadedSending = NonNullable<Awaited<ReturnType<typeof loadSending>>>;
