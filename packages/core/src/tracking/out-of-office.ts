import { emailSends, sequenceContacts } from '@prospector/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { nextStepSendTime, selectSendsWithStepTime } from '../engine/step-send-times';

/**
 * An out-of-office reply stated a return date: the enrolment remembers it (later steps wait for it too,
 * see the engine's reach-step), and each of its scheduled emails due before it moves to the step's next
 * send time after that date.
 */
export async function holdUntilReturn(tx: Tx, sequenceContactId: string, returnDate: Date, at: Date) {
  const [enrolment] = await tx
    .update(sequenceContacts)
    .set({
      outOfOfficeUntil: returnDate,
      nextRunAt: sql`greatest(${sequenceContacts.nextRunAt}, ${returnDate.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(and(eq(sequenceContacts.id, sequenceContactId), eq(sequenceContacts.status, 'active')))
    .returning({ id: sequenceContacts.id });
  if (!enrolment) return;
  const due = await selectSendsWithStepTime(tx).where(
    and(
      eq(emailSends.sequenceContactId, sequenceContactId),
      eq(emailSends.state, 'scheduled'),
      lt(emailSends.scheduledFor, returnDate),
    ),
  );
  for (const send of due) {
    const scheduledFor = nextStepSendTime(send, returnDate);
    await tx.update(emailSends).set({ scheduledFor, updatedAt: at }).where(eq(emailSends.id, send.id));
  }
}
