import { index, inet, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz } from './columns';
import { contacts } from './contacts';
import { emailSends } from './email-sends';
import { TRACKING_EVENT_TYPES } from './tracking-event-types';
import { ownerId } from './workspaces';

export { TRACKING_EVENT_TYPES, type TrackingEventType } from './tracking-event-types';

/** Everything observed about a sent email: pixel opens, link clicks, replies and bounces, unsubscribes. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    workspaceId: ownerId(),
    emailSendId: uuid('email_send_id').references(() => emailSends.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: TRACKING_EVENT_TYPES }).notNull(),
    trackingToken: text('tracking_token'),
    userAgent: text('user_agent'),
    ipAddress: inet('ip_address'),
    /**
     * Why an event is not counted (an open by a bot or a link scanner, a soft bounce): recorded for the
     * record, ignored by the engine and the rates. Null means it counts.
     */
    flaggedReason: text('flagged_reason'),
    /** The clicked URL, for click events. */
    url: text('url'),
    /** The raw notification: a Gmail message summary, a DSN, the request headers. */
    rawPayload: jsonb('raw_payload'),
    /**
     * Makes recording idempotent where the source can repeat itself (e.g. the Gmail message id of a
     * reply or bounce seen by two history syncs): insert ... on conflict do nothing.
     */
    dedupeKey: text('dedupe_key'),
    occurredAt: tstz('occurred_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tracking_events_user_dedupe_key').on(t.workspaceId, t.dedupeKey),
    index('tracking_events_send_idx').on(t.emailSendId, t.occurredAt),
    index('tracking_events_contact_idx').on(t.contactId),
    index('tracking_events_user_occurred_idx').on(t.workspaceId, t.occurredAt),
    oneOf('tracking_events_type_check', t.type, TRACKING_EVENT_TYPES),
  ],
);
