import type { ContactEvent } from '@prospector/contracts';
import { emailSends, sequenceContacts, sequences } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

/**
 * The contact's failed emails and its failed or stopped enrolments, as timeline events with the reason,
 * so the contact says why a sequence stopped emailing it.
 */
export async function contactEngineEvents(
  deps: CoreDeps,
  workspaceId: string,
  contactId: string,
): Promise<ContactEvent[]> {
  const [failedSends, endedEnrolments] = await Promise.all([
    deps.db
      .select({
        id: emailSends.id,
        at: emailSends.updatedAt,
        subject: emailSends.subject,
        reason: emailSends.lastError,
        sequenceName: sequences.name,
      })
      .from(emailSends)
      .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
      .where(
        and(
          eq(emailSends.workspaceId, workspaceId),
          eq(emailSends.contactId, contactId),
          eq(emailSends.state, 'failed'),
        ),
      ),
    deps.db
      .select({
        id: sequenceContacts.id,
        status: sequenceContacts.status,
        at: sequenceContacts.completedAt,
        updatedAt: sequenceContacts.updatedAt,
        reason: sequenceContacts.lastError,
        sequenceName: sequences.name,
      })
      .from(sequenceContacts)
      .innerJoin(sequences, eq(sequences.id, sequenceContacts.sequenceId))
      .where(
        and(
          eq(sequenceContacts.workspaceId, workspaceId),
          eq(sequenceContacts.contactId, contactId),
          inArray(sequenceContacts.status, ['failed', 'stopped']),
        ),
      ),
  ]);
  return [
    ...failedSends.map((send) => ({
      id: `email-failed-${send.id}`,
      type: 'email_failed' as const,
      occurredAt: send.at.toISOString(),
      flaggedReason: null,
      emailSubject: send.subject,
      sequenceName: send.sequenceName,
      detail: send.reason ?? 'Gmail did not accept the email',
    })),
    ...endedEnrolments.map((enrolment) => ({
      id: `enrolment-${enrolment.id}`,
      type: enrolment.status === 'failed' ? ('enrolment_failed' as const) : ('enrolment_stopped' as const),
      occurredAt: (enrolment.at ?? enrolment.updatedAt).toISOString(),
      flaggedReason: null,
      emailSubject: null,
      sequenceName: enrolment.sequenceName,
      detail:
        enrolment.reason ?? (enrolment.status === 'failed' ? 'The sequence could not go on' : 'Stopped'),
    })),
  ];
}
