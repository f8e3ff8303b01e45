import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@prospector/contracts';
import { z } from 'zod';
import { EXAMPLE_IDS, EXAMPLE_TIME, iso, text } from './v1-schemas';

/** Webhook endpoints as the API shows them, and the body of every event Prospector delivers. */
const id = z.uuid();

const endpointFields = {
  id,
  url: z.string(),
  description: text,
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: text.meta({ description: 'Why Prospector disabled it (410 Gone, failing for 5 days)' }),
  failingSince: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
};
const endpointExample = {
  id: EXAMPLE_IDS.webhook,
  url: 'https://crm.example.com/hooks/prospector',
  description: 'CRM sync',
  eventTypes: ['email.replied', 'contact.unsubscribed'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: EXAMPLE_TIME,
  updatedAt: EXAMPLE_TIME,
};

export const webhookSchema = z.object(endpointFields).meta({
  description: 'An endpoint Prospector POSTs events to. Its signing secret is shown only at creation.',
  examples: [endpointExample],
});

export const webhookCreatedSchema = z
  .object({
    ...endpointFields,
    secret: z
      .string()
      .meta({ description: 'The signing secret (`whsec_...`); keep it, it is shown only now' }),
  })
  .meta({
    description: 'A new endpoint with its signing secret.',
    examples: [{ ...endpointExample, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }],
  });

const contactRef = z.object({
  id,
  email: z.string(),
  name: text,
  firstName: text,
  lastName: text,
  organizationName: text,
});
const named = z.object({ id, name: z.string() });
const emailFields = {
  emailId: id,
  subject: z.string(),
  messageId: text.meta({ description: 'The Message-ID header of the email sent' }),
  threadId: text.meta({ description: 'The Gmail thread' }),
  sentAt: iso.nullable(),
  contact: contactRef,
  sequence: named.nullable(),
  step: z.object({ id, order: z.number().int() }).nullable(),
  mailbox: z.object({ id, email: z.string() }).nullable(),
};
const inbound = z.object({ from: text, subject: text, snippet: text });

/** What `data` holds for each event type. */
const EVENT_DATA: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodObject> = {
  'email.sent': z.object(emailFields),
  'email.opened': z.object({ ...emailFields, openedAt: iso }),
  'email.replied': z.object({ ...emailFields, reply: inbound }),
  'email.auto_replied': z.object({ ...emailFields, reply: inbound, reason: text }),
  'email.bounced': z.object({
    ...emailFields,
    bounce: z.object({ class: text, code: text, diagnostic: text }),
  }),
  'email.failed': z.object({ ...emailFields, error: z.string() }),
  'contact.unsubscribed': z.object({
    contact: contactRef,
    via: z.enum(['link', 'api', 'complaint', 'reply']),
  }),
  'contact.status_changed': z.object({ contact: contactRef, from: text, to: text }),
  'enrolment.completed': z.object({ enrolmentId: id, contact: contactRef, sequence: named }),
  'sequence.completed': z.object({ sequence: named }),
  'mailbox.paused': z.object({ mailbox: z.object({ id, email: z.string() }), reason: text }),
  'mailbox.needs_reconnect': z.object({ mailbox: z.object({ id, email: z.string() }), reason: text }),
  'import.completed': z.object({
    list: named,
    inserted: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({ endpointId: id, message: z.string() }),
};

const EVENT_SUMMARY: Record<keyof typeof EVENT_DATA, string> = {
  'email.sent': 'An email of a sequence was sent',
  'email.opened': 'An email was opened for the first time (bots and link scanners are not counted)',
  'email.replied': 'A person replied to an email',
  'email.auto_replied': 'An automatic reply (out of office, ...) arrived',
  'email.bounced': 'An email bounced',
  'email.failed': 'An email could not be sent and will not be retried',
  'contact.unsubscribed': 'A contact unsubscribed (link, complaint, reply or the API)',
  'contact.status_changed': "A contact's lead status changed",
  'enrolment.completed': 'A contact reached the end of a sequence',
  'sequence.completed': 'A sequence was completed',
  'mailbox.paused': 'A mailbox was paused because its hard bounces passed 5%',
  'mailbox.needs_reconnect': 'A mailbox lost access to Gmail and must be connected again',
  'import.completed': 'A CSV import into an email list finished',
  [WEBHOOK_TEST_EVENT]: 'The test event of "Send test event" (not subscribable)',
};

/** The body of one event type: `{type, timestamp, data}`. */
export function webhookPayloadSchema(type: keyof typeof EVENT_DATA) {
  return z
    .object({
      type: z.literal(type),
      timestamp: iso.meta({ description: 'When it happened' }),
      data: EVENT_DATA[type],
    })
    .meta({ description: EVENT_SUMMARY[type] });
}

export const WEBHOOK_PAYLOAD_TYPES = Object.keys(EVENT_DATA) as (keyof typeof EVENT_DATA)[];
export const webhookEventSummary = (type: keyof typeof EVENT_DATA) => EVENT_SUMMARY[type];
