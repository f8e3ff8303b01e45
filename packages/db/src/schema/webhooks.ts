import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { counter, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { createdBy, ownerId } from './workspaces';

/** A receiver of webhooks. Secrets are AES-256-GCM ciphertext; a rotated-out secret signs for 24 hours. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: tstz('previous_secret_expires_at'),
    /** Why the endpoint was disabled by the system (410 Gone, failing for 5 days); shown to the user. */
    disabledReason: text('disabled_reason'),
    /** The first failure since the last success; cleared by a success. */
    failingSince: tstz('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.workspaceId)],
);

/**
 * The outbox: one row per event, written in the transaction that makes the change it describes. `seq`
 * orders an endpoint's deliveries.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    workspaceId: ownerId(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
  },
  (t) => [index('webhook_events_user_idx').on(t.workspaceId, t.occurredAt)],
);

export const WEBHOOK_MESSAGE_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;

/** One event to one endpoint: the delivery's state, its attempts so far and when it is tried next. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    workspaceId: ownerId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventSeq: integer('event_seq').notNull(),
    state: text('state', { enum: WEBHOOK_MESSAGE_STATES }).notNull().default('pending'),
    attempts: counter('attempts'),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    claimedAt: tstz('claimed_at'),
    deliveredAt: tstz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_messages_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_messages_due_idx').on(t.nextAttemptAt, t.eventSeq).where(sql`${t.state} = 'pending'`),
    index('webhook_messages_sending_idx').on(t.claimedAt).where(sql`${t.state} = 'sending'`),
    oneOf('webhook_messages_state_check', t.state, WEBHOOK_MESSAGE_STATES),
  ],
);

/** The delivery log: one row per attempt, with what the receiver answered. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    workspaceId: ownerId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull(),
    /** Null when no answer came (refused address, timeout, connection error). */
    statusCode: smallint('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseSnippet: text('response_snippet'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);
