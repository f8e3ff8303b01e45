import type { ContactActivity, ContactActivityEvent } from '@prospector/contracts';
import { emailSends, sequenceContacts, sequences, trackingEvents } from '@prospector/db';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { contactMemberships, enrolmentEndReason } from './contact-memberships';
import { findContact } from './contact-store';

/** Tracking events as the timeline names them; a delivery delay or unclassified mail changes nothing. */
const TRACKED = {
  open: 'opened',
  click: 'clicked',
  reply: 'replied',
  auto_reply: 'auto_replied',
  bounce: 'bounced',
  complaint: 'complained',
  unsubscribe: 'unsubscribed',
} as const;

/**
 * GET /api/contacts/{id}/activity: the contact's lists and enrolments, and a timeline read from the
 * records the app already keeps (the contact, its enrolments, its sent emails, the counted tracking events
 * and its lead status), newest first. Another user's contact is a 404.
 */
export async function contactActivity(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
): Promise<ContactActivity> {
  const { db } = deps;
  const contact = await findContact(db, workspaceId, id);
  const enrolments = await db
    .select({
      at: sequenceContacts.enrolledAt,
      endedAt: sequenceContacts.completedAt,
      status: sequenceContacts.status,
      reason: enrolmentEndReason,
      sequenceId: sequences.id,
      sequenceName: sequences.name,
    })
    .from(sequenceContacts)
    .innerJoin(sequences, eq(sequences.id, sequenceContacts.sequenceId))
    .where(and(eq(sequenceContacts.workspaceId, workspaceId), eq(sequenceContacts.contactId, id)));
  const sent = await db
    .select({
      at: emailSends.sentAt,
      subject: emailSends.subject,
      sequenceId: sequences.id,
      sequenceName: sequences.name,
    })
    .from(emailSends)
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .where(
      and(
        eq(emailSends.workspaceId, workspaceId),
        eq(emailSends.contactId, id),
        isNotNull(emailSends.sentAt),
      ),
    );
  const tracked = await db
    .select({
      type: trackingEvents.type,
      at: trackingEvents.occurredAt,
      url: trackingEvents.url,
      subject: emailSends.subject,
    })
    .from(trackingEvents)
    .leftJoin(emailSends, eq(emailSends.id, trackingEvents.emailSendId))
    .where(
      and(
        eq(trackingEvents.workspaceId, workspaceId),
        eq(trackingEvents.contactId, id),
        isNull(trackingEvents.flaggedReason),
        inArray(trackingEvents.type, Object.keys(TRACKED) as (keyof typeof TRACKED)[]),
      ),
    );
  const events: ContactActivityEvent[] = [
    { type: 'created', at: contact.createdAt.toISOString(), source: contact.metadata.source ?? null },
    ...enrolments.map(({ sequenceId, sequenceName, at }) => ({
      type: 'enrolled' as const,
      at: at.toISOString(),
      sequenceId,
      sequenceName,
    })),
    ...enrolments.flatMap(({ endedAt, status, reason, sequenceId, sequenceName }) =>
      endedAt && status !== 'active' && status !== 'paused'
        ? [
            {
              type: 'enrolment_ended' as const,
              at: endedAt.toISOString(),
              sequenceId,
              sequenceName,
              status,
              reason,
            },
          ]
        : [],
    ),
    ...sent.map((s) => ({ type: 'sent' as const, ...s, at: s.at!.toISOString() })),
    ...tracked.map((t) => ({
      type: TRACKED[t.type as keyof typeof TRACKED],
      at: t.at.toISOString(),
      subject: t.subject,
      url: t.url,
    })),
  ];
  if (contact.leadStatus && contact.leadStatusAt) {
    events.push({
      type: 'lead_status',
      at: contact.leadStatusAt.toISOString(),
      leadStatus: contact.leadStatus,
      source: contact.leadStatusSource,
    });
  }
  events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { ...(await contactMemberships(db, id)), events };
}
