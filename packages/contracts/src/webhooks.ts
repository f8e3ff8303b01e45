import { z } from 'zod';
import { TEXT_LIMITS } from './text-limits';

/** Every event a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'email.sent',
  'email.opened',
  'email.clicked',
  'email.replied',
  'email.auto_replied',
  'email.bounced',
  'email.failed',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contact.unsubscribed',
  'contact.status_changed',
  'enrolment.completed',
  'sequence.completed',
  'mailbox.paused',
  'mailbox.needs_reconnect',
  'mailbox.health_changed',
  'import.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Where a contact was created, changed or deleted, as contact webhook events say it. */
export const CONTACT_CHANGE_SOURCES = ['app', 'api', 'csv_import', 'leads_finder'] as const;
export type ContactChangeSource = (typeof CONTACT_CHANGE_SOURCES)[number];

/** The event "Send test event" delivers; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_REQUIRED = 'URL is required';
export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event type';

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type' }), { error: WEBHOOK_EVENTS_REQUIRED })
  .min(1, WEBHOOK_EVENTS_REQUIRED)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);
const url = z
  .string({ error: WEBHOOK_URL_REQUIRED })
  .trim()
  .min(1, WEBHOOK_URL_REQUIRED)
  .max(TEXT_LIMITS.url, `URL is too long (at most ${TEXT_LIMITS.url} characters)`)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'URL must be an https:// address',
  });
const description = z
  .string()
  .trim()
  .max(
    TEXT_LIMITS.endpointDescription,
    `Description is too long (at most ${TEXT_LIMITS.endpointDescription} characters)`,
  )
  .nullish()
  .transform((value) => value || null);

/** POST /api/webhooks. */
export const webhookCreateSchema = z.object({ url, eventTypes, description });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

/** PATCH /api/webhooks/{id}; `rotateSecret` issues a new secret, the old one stays valid 24 hours. */
export const webhookUpdateSchema = z
  .object({ url, eventTypes, description, enabled: z.boolean(), rotateSecret: z.literal(true) })
  .partial();
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;

/**
 * PATCH /api/v1/webhooks/{id}: the URL, events, description and whether it is on. `enabled: true` after
 * Prospector disabled it clears why and starts counting failures afresh.
 */
export const v1WebhookUpdateSchema = webhookUpdateSchema.omit({ rotateSecret: true });

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** Why the system disabled it (410 Gone, failing for 5 days). */
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/webhooks/{id} and PATCH answers: the secret is the endpoint's own to see. */
export interface WebhookEndpointDetail extends WebhookEndpointView {
  secret: string;
  previousSecretExpiresAt: string | null;
}

/** POST /api/webhooks answer. */
export interface WebhookEndpointCreated extends WebhookEndpointDetail {}

/** One attempt in an endpoint's delivery log. */
export interface WebhookDeliveryView {
  id: string;
  messageId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  responseSnippet: string | null;
  error: string | null;
  createdAt: string;
}

/** The body every webhook carries (Standard Webhooks). */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
