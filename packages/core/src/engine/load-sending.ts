import {
  contacts,
  emailLogs,
  emailSends,
  gmailAccounts,
  type MailProviderKind,
  sequenceContacts,
  sequenceSteps,
} from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { EngineDeps } from './engine-deps';

/**
 * Claimed sends with what handing them to their mailbox's provider needs: recipient, thread, the step's
 * reaction window, the provider, and
 * the quota row the claim reserved ('queued' email_logs row; null for a send claimed without one). One
 * query for a whole claimed batch.
 */
export async function loadSendings(deps: EngineDeps, sendIds: string[]) {
  const loaded = new Map<string, LoadedSending>();
  if (sendIds.length === 0) return loaded;
  const rows = await deps.db
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
    .where(sendIds.length === 1 ? eq(emailSends.id, sendIds[0] as string) : inArray(emailSends.id, sendIds));
  for (const row of rows) if (!loaded.has(row.send.id)) loaded.set(row.send.id, withSending(row));
  return loaded;
}

/** One claimed send, as loadSendings reads it; null when it no longer exists. */
export async function loadSending(deps: EngineDeps, sendId: string) {
  return (await loadSendings(deps, [sendId])).get(sendId) ?? null;
}

interface SendingJoin {
  send: typeof emailSends.$inferSelect;
  to: string;
  toFirstName: string | null;
  toLastName: string | null;
  toName: string | null;
  threadId: string | null;
  threadMessageIds: string[];
  reactionWindowHours: number | null;
  reactionWindowMinutes: number | null;
  logId: string | null;
  provider: MailProviderKind | null;
}

function withSending(row: SendingJoin) {
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
      workspaceId: row.send.workspaceId,
      senderAccountId: row.send.senderAccountId,
      logId: row.logId,
    },
  };
}
export type LoadedSending = ReturnType<typeof withSending>;
