import { type ContactEvent, unsubscribedBy } from '@prospector/contracts';
import { emailSends, sequences, trackingEvents } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { findContact } from '../contacts/contact-store';
import type { CoreDeps } from '../deps';
import { contactEngineEvents } from '../mailbox-recovery/contact-engine-events';

/** The most events the contact's timeline shows. */
export const CONTACT_EVENTS_LIMIT = 500;

interface EventPayload {
  snippet?: string;
  bounce?: { status?: string; kind?: string };
  reason?: string;
  via?: string;
  outOfOfficeUntil?: string;
  delay?: { status?: string | null };
}

const BOUNCE_LABELS: Record<string, string> = {
  hard: 'Hard bounce',
  soft: 'Soft bounce',
  sender: "Rejected by the recipient's server",
};
const dayOf = (iso: string) => iso.slice(0, 10);

function detailOf(type: string, payload: EventPayload, userAgent: string | null): string | null {
  if (type === 'reply') return payload.snippet ?? null;
  if (type === 'auto_reply' && payload.outOfOfficeUntil)
    return `Out of office until ${dayOf(payload.outOfOfficeUntil)}`;
  if (type === 'auto_reply' || type === 'unclassified') return payload.snippet ?? payload.reason ?? null;
  if (type === 'delay') return `Delivery delayed ${payload.delay?.status ?? ''}`.trim();
  if (type === 'bounce' && payload.bounce)
    return `${BOUNCE_LABELS[payload.bounce.kind ?? ''] ?? 'Bounce'} ${payload.bounce.status ?? ''}`.trim();
  if (type === 'unsubscribe') return unsubscribedBy(payload.via);
  if (type === 'open') return userAgent;
  return null;
}

/**
 * GET /api/contacts/{id}/events: the contact's tracking events, with its failed emails and failed or
 * stopped enrolments and their reasons, oldest first (404 for another user's).
 */
export async function listContactEvents(
  deps: CoreDeps,
  workspaceId: string,
  contactId: string,
): Promise<ContactEvent[]> {
  await findContact(deps.db, workspaceId, contactId);
  const rows = await deps.db
    .select({
      id: trackingEvents.id,
      type: trackingEvents.type,
      occurredAt: trackingEvents.occurredAt,
      flaggedReason: trackingEvents.flaggedReason,
      userAgent: trackingEvents.userAgent,
      payload: trackingEvents.rawPayload,
      subject: emailSends.subject,
      sequenceName: sequences.name,
    })
    .from(trackingEvents)
    .leftJoin(emailSends, eq(emailSends.id, trackingEvents.emailSendId))
    .leftJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .where(and(eq(trackingEvents.workspaceId, workspaceId), eq(trackingEvents.contactId, contactId)))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.createdAt))
    .limit(CONTACT_EVENTS_LIMIT);
  const tracked: ContactEvent[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    occurredAt: row.occurredAt.toISOString(),
    flaggedReason: row.flaggedReason,
    emailSubject: row.subject,
    sequenceName: row.sequenceName,
    detail: detailOf(row.type, (row.payload ?? {}) as EventPayload, row.userAgent),
  }));
  const engine = await contactEngineEvents(deps, workspaceId, contactId);
  return [...tracked, ...engine]
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
    .slice(0, CONTACT_EVENTS_LIMIT);
}
