import { contacts, emailSends, sequenceContacts, sequenceSteps } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type { EngineDeps } from './engine-deps';

/** A claimed send with what handing it to Gmail needs: recipient, thread, the step's reaction window. */
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
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .innerJoin(sequenceContacts, eq(sequenceContacts.id, emailSends.sequenceContactId))
    .leftJoin(sequenceSteps, eq(sequenceSteps.id, emailSends.stepId))
    .where(eq(emailSends.id, sendId));
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
    },
  };
}
export type LoadedSending = NonNullable<Awaited<ReturnType<typeof loadSending>>>;
