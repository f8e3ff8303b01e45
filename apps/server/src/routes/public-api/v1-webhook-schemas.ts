import {
  CONTACT_CHANGE_SOURCES,
  leadStatusSchema,
  SENDER_HEALTH_STATUSES,
  UNSUBSCRIBE_SOURCES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
} from '@prospector/contracts';
import { WEBHOOK_MESSAGE_STATES } from '@prospector/db';
import { z } from 'zod';
import { EXAMPLE_IDS, EXAMPLE_TIME, iso, text } from './v1-schemas';

/** Webhook endpoints as the API shows them, and the body of every event Prospector delivers. */
const id = z.uuid();
const healthStatus = z.enum(SENDER_HEALTH_STATUSES);

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
  customFields: z
    .record(z.string(), z.string())
    .meta({ description: "The contact's custom fields, each a template variable ({{key}})" }),
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
const changeSource = z.enum(CONTACT_CHANGE_SOURCES).meta({
  description: 'Where the change came from: the web app, the API, a CSV import or the Leads Finder',
});
const inbound = z.object({ from: text, subject: text, snippet: text });

/** What `data` holds for each event type. */
const EVENT_DATA: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodObject> = {
  'email.sent': z.object(emailFields),
  'email.opened': z.object({ ...emailFields, openedAt: iso }),
  'email.clicked': z.object({ ...emailFields, clickedAt: iso, url: z.string() }),
  'email.replied': z.object({ ...emailFields, reply: inbound }),
  'email.auto_replied': z.object({ ...emailFields, reply: inbound, reason: text }),
  'email.bounced': z.object({
    ...emailFields,
    bounce: z.object({ class: text, code: text, diagnostic: text }),
  }),
  'email.failed': z.object({ ...emailFields, error: z.string() }),
  'contact.created': z.object({ contact: contactRef, source: changeSource }),
  'contact.updated': z.object({
    contact: contactRef,
    changedFields: z.array(z.string()).meta({ description: 'The API names of the fields that changed' }),
    source: changeSource,
  }),
  'contact.deleted': z.object({
    contact: contactRef.meta({ description: 'The contact as it was' }),
    source: changeSource,
  }),
  'contact.unsubscribed': z.object({
    contact: contactRef,
    via: z.enum(UNSUBSCRIBE_SOURCES).meta({
      description:
        'page: the unsubscribe page; one-click: the one-click POST of a mail client (RFC 8058); ' +
        'complaint: a spam complaint; reply: a reply asking so; user: the user in the app; api: the API',
    }),
  }),
  'contact.status_changed': z.object({
    contact: contactRef,
    from: leadStatusSchema.nullable(),
    to: leadStatusSchema.nullable(),
  }),
  'enrolment.completed': z.object({ enrolmentId: id, contact: contactRef, sequence: named }),
  'sequence.completed': z.object({ sequence: named }),
  'mailbox.paused': z.object({ mailbox: z.object({ id, email: z.string() }), reason: text }),
  'mailbox.needs_reconnect': z.object({ mailbox: z.object({ id, email: z.string() }), reason: text }),
  'mailbox.health_changed': z.object({
    mailbox: z.object({ id, email: z.string() }),
    status: healthStatus,
    previousStatus: healthStatus,
    held: z.boolean(),
    reason: text,
  }),
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
  'email.clicked':
    'A person clicked a tracked link of an email for the first time (link scanners are not counted)',
  'email.replied': 'A person replied to an email',
  'email.auto_replied': 'An automatic reply (out of office, ...) arrived',
  'email.bounced': 'An email bounced',
  'email.failed': 'An email could not be sent and will not be retried',
  'contact.created': 'A contact was created (web app, API, CSV import or Leads Finder)',
  'contact.updated': "A contact's fields changed; `changedFields` names them",
  'contact.deleted': 'A contact was deleted',
  'contact.unsubscribed': 'A contact unsubscribed (link, complaint, reply or the API)',
  'contact.status_changed': "A contact's lead status changed",
  'enrolment.completed': 'A contact reached the end of a sequence',
  'sequence.completed': 'A sequence was completed',
  'mailbox.paused': 'A mailbox was paused because its hard bounces passed 5%',
  'mailbox.needs_reconnect': 'A mailbox lost access to Gmail and must be connected again',
  'mailbox.health_changed':
    "A check of a mailbox's domain (SPF, DKIM, DMARC, blocklists) changed its status, or held or released the mailbox",
  'import.completed': 'A CSV import into an email list finished',
  [WEBHOOK_TEST_EVENT]: 'The test event of "Send test event" (not subscribable)',
};

const contactExample = {
  id: EXAMPLE_IDS.contact,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationName: 'Analytical Engines',
  customFields: { icebreaker: 'Loved your talk on incident reviews' },
};
const sequenceExample = { id: EXAMPLE_IDS.sequence, name: 'Q2 outreach' };
const mailboxExample = { id: EXAMPLE_IDS.mailbox, email: 'me@example.com' };
const emailExample = {
  emailId: EXAMPLE_IDS.send,
  subject: 'Quick question, Ada',
  messageId: '<2c3d4e5f.1a2b@example.com>',
  threadId: '18c2f0a9b7d3e4f1',
  sentAt: EXAMPLE_TIME,
  contact: contactExample,
  sequence: sequenceExample,
  step: { id: EXAMPLE_IDS.step, order: 1 },
  mailbox: mailboxExample,
};
const replyExample = {
  from: 'Ada Lovelace <ada@example.com>',
  subject: 'Re: Quick question, Ada',
  snippet: 'Happy to talk next week.',
};

/** An example `data` of each event type. */
const EVENT_EXAMPLE: Record<keyof typeof EVENT_DATA, object> = {
  'email.sent': emailExample,
  'email.opened': { ...emailExample, openedAt: EXAMPLE_TIME },
  'email.clicked': { ...emailExample, clickedAt: EXAMPLE_TIME, url: 'https://example.com/pricing' },
  'email.replied': { ...emailExample, reply: replyExample },
  'email.auto_replied': { ...emailExample, reply: replyExample, reason: 'out of office' },
  'email.bounced': { ...emailExample, bounce: { class: 'hard', code: '5.1.1', diagnostic: 'User unknown' } },
  'email.failed': { ...emailExample, sentAt: null, error: 'Gmail refused the message (HTTP 400)' },
  'contact.unsubscribed': { contact: contactExample, via: 'one-click' },
  'contact.created': { contact: contactExample, source: 'api' },
  'contact.updated': { contact: contactExample, changedFields: ['title', 'customFields'], source: 'app' },
  'contact.deleted': { contact: contactExample, source: 'api' },
  'contact.status_changed': { contact: contactExample, from: null, to: 'interested' },
  'enrolment.completed': {
    enrolmentId: EXAMPLE_IDS.event,
    contact: contactExample,
    sequence: sequenceExample,
  },
  'sequence.completed': { sequence: sequenceExample },
  'mailbox.paused': { mailbox: mailboxExample, reason: 'Hard bounces passed 5% of sends' },
  'mailbox.needs_reconnect': { mailbox: mailboxExample, reason: 'invalid_grant' },
  'mailbox.health_changed': {
    mailbox: mailboxExample,
    status: 'failing',
    previousStatus: 'good',
    held: true,
    reason:
      'Held for sender health: example.com fails DMARC alignment (neither SPF nor DKIM matches the From domain). Fix it as Sender health shows (sending resumes by itself once the check passes), or choose Send anyway.',
  },
  'import.completed': {
    list: { id: EXAMPLE_IDS.list, name: 'London CTOs' },
    inserted: 98,
    skipped: 2,
    failed: 0,
  },
  [WEBHOOK_TEST_EVENT]: { endpointId: EXAMPLE_IDS.webhook, message: 'This is a test event from Prospector.' },
};

/** The body of one event type: `{type, timestamp, data}`. */
export function webhookPayloadSchema(type: keyof typeof EVENT_DATA) {
  return z
    .object({
      type: z.literal(type),
      timestamp: iso.meta({ description: 'When it happened' }),
      data: EVENT_DATA[type],
    })
    .meta({
      description: EVENT_SUMMARY[type],
      examples: [{ type, timestamp: EXAMPLE_TIME, data: EVENT_EXAMPLE[type] }],
    });
}

export const WEBHOOK_PAYLOAD_TYPES = Object.keys(EVENT_DATA) as (keyof typeof EVENT_DATA)[];
export const webhookEventSummary = (type: keyof typeof EVENT_DATA) => EVENT_SUMMARY[type];

/** Every webhook body Prospector delivers, one per event type. */
export const webhookPayloads = WEBHOOK_PAYLOAD_TYPES.map((type) => ({
  type,
  schema: webhookPayloadSchema(type),
}));

/** Any webhook body, told apart by its `type`. */
export const webhookEventSchema = z
  .discriminatedUnion(
    'type',
    webhookPayloads.map(({ schema }) => schema) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ description: 'The body of any webhook event; `type` tells which.' });

const EVENT_BODY_EXAMPLE = {
  type: WEBHOOK_TEST_EVENT,
  timestamp: EXAMPLE_TIME,
  data: EVENT_EXAMPLE[WEBHOOK_TEST_EVENT],
};

export const webhookDeliverySchema = z
  .object({
    id: id.meta({ description: 'The delivery: one event to this endpoint, whatever its attempts' }),
    eventId: id.meta({ description: 'The event, the `webhook-id` header of every attempt' }),
    eventType: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
    event: webhookEventSchema.meta({ description: 'The body it delivers, as every attempt POSTs it' }),
    status: z.enum(WEBHOOK_MESSAGE_STATES).meta({
      description:
        'pending: waiting for its next attempt; sending: an attempt is under way; delivered: answered 2xx; ' +
        'failed: out of attempts, or the endpoint was disabled or answered 410',
    }),
    attempts: z.number().int().meta({ description: 'Attempts made so far' }),
    responseStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The HTTP status of the latest attempt's answer; null when none came" }),
    error: text.meta({ description: 'Why the latest attempt failed, when it did' }),
    createdAt: iso,
    lastAttemptAt: iso.nullable(),
    nextAttemptAt: iso.nullable().meta({ description: 'When it is tried next, while pending' }),
    deliveredAt: iso.nullable(),
  })
  .meta({
    description: 'The delivery of one event to one endpoint, with the answer to its latest attempt.',
    examples: [
      {
        id: EXAMPLE_IDS.delivery,
        eventId: EXAMPLE_IDS.event,
        eventType: 'webhook.test',
        event: EVENT_BODY_EXAMPLE,
        status: 'delivered',
        attempts: 2,
        responseStatus: 200,
        error: null,
        createdAt: EXAMPLE_TIME,
        lastAttemptAt: EXAMPLE_TIME,
        nextAttemptAt: null,
        deliveredAt: EXAMPLE_TIME,
      },
    ],
  });
