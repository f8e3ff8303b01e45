import {
  LEAD_STATUS_SOURCES,
  leadStatusSchema,
  SEQUENCE_STATUSES,
  SUPPRESSION_REASONS,
  SUPPRESSION_SOURCES,
  UNSUBSCRIBE_SOURCES,
} from '@prospector/contracts';
import { z } from 'zod';

/**
 * Answer shapes of the public API. Every v1 answer is parsed with its route's schema before it is sent,
 * so an answer holds exactly what the OpenAPI document says; each named schema is one of its components.
 */
export const iso = z.string().meta({ format: 'date-time' });
export const text = z.string().nullable();
const id = z.uuid();
const EXAMPLE_TIME = '2026-03-02T09:30:00.000Z';
export const EXAMPLE_IDS = {
  contact: '4f7c1c52-1d8e-4a49-9f0a-0d7e3b1c2a10',
  list: '0b6f2a8e-5c3d-4e21-8a7b-6c5d4e3f2a19',
  sequence: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  step: '7e6d5c4b-3a29-4180-9f8e-7d6c5b4a3928',
  send: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  event: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  webhook: '8f7e6d5c-4b3a-4291-8877-665544332211',
  mailbox: '3b2a1f0e-9d8c-4b7a-a695-847362514039',
  delivery: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  conversation: '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b',
  template: '7b6c5d4e-3f2a-4b1c-8d9e-0f1a2b3c4d5e',
  enrolment: '1e2d3c4b-5a69-4788-8796-a5b4c3d2e1f0',
};

/** A contact. Add a field here (one line) and every contact answer and the document carry it. */
export const contactSchema = z
  .object({
    id,
    email: z.string(),
    firstName: text,
    lastName: text,
    name: text,
    apolloId: text.meta({ description: 'The Apollo person id when the contact came from the Leads Finder' }),
    linkedinUrl: text,
    title: text,
    organizationName: text,
    headline: text,
    city: text,
    state: text,
    country: text,
    timezone: text.meta({ description: 'IANA time zone given for the contact, or null' }),
    effectiveTimezone: text.meta({
      description: 'The zone its emails are timed in: given, or told by city or country',
    }),
    timezoneSource: z.enum(['given', 'city', 'country']).nullable(),
    organization: z
      .object({ name: text.optional(), industry: text.optional() })
      .catchall(z.unknown())
      .nullable()
      .meta({ description: "The company as Apollo describes it (Apollo's own fields)" }),
    suppressed: z.boolean(),
    unsubscribed: z.boolean(),
    unsubscribeSource: z
      .enum(UNSUBSCRIBE_SOURCES)
      .nullable()
      .meta({ description: "Who unsubscribed the contact and how; the contact's own cannot be undone" }),
    unsubscribedAt: iso.nullable(),
    hardBounced: z.boolean(),
    suppression: z
      .object({
        id,
        kind: z.enum(['address', 'domain']),
        value: z.string(),
        reason: z.enum(SUPPRESSION_REASONS),
        source: z.enum(SUPPRESSION_SOURCES),
        createdAt: iso,
        label: z.string().meta({ description: "Why, in words: 'Hard bounce', 'Added by you'" }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          'The suppression list entry covering the address, on answers about one contact: it is never emailed',
      }),
    notOpenedStreak: z
      .number()
      .int()
      .meta({ description: 'Sequence emails in a row the contact has not opened' }),
    tags: z.array(z.string()),
    metadata: z.record(z.string(), z.unknown()),
    customFields: z
      .record(z.string(), z.string())
      .meta({ description: 'Text values under lower-case keys; each key is a template variable ({{key}})' }),
    personaId: id.nullable().meta({ description: 'The email list the contact first joined' }),
    personaIndustry: text,
    status: z.enum(['active', 'unsubscribed', 'suppressed']),
    industry: text,
    leadStatus: leadStatusSchema.nullable(),
    leadStatusSource: z.enum(LEAD_STATUS_SOURCES).nullable(),
    leadStatusReason: text,
    leadStatusAt: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({
    description: 'A person you email. `email` is unique per user (compared without case).',
    examples: [
      {
        id: EXAMPLE_IDS.contact,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        name: 'Ada Lovelace',
        apolloId: null,
        linkedinUrl: null,
        title: 'Head of Engineering',
        organizationName: 'Analytical Engines',
        headline: null,
        city: 'London',
        state: null,
        country: 'United Kingdom',
        timezone: null,
        effectiveTimezone: 'Europe/London',
        timezoneSource: 'country',
        organization: null,
        suppressed: false,
        unsubscribed: false,
        unsubscribeSource: null,
        unsubscribedAt: null,
        hardBounced: false,
        notOpenedStreak: 0,
        tags: ['crm'],
        metadata: {},
        customFields: { icebreaker: 'Loved your talk on incident reviews' },
        personaId: EXAMPLE_IDS.list,
        personaIndustry: 'Software',
        status: 'active',
        industry: 'Software',
        leadStatus: 'interested',
        leadStatusSource: 'user',
        leadStatusReason: null,
        leadStatusAt: EXAMPLE_TIME,
        createdAt: EXAMPLE_TIME,
        updatedAt: EXAMPLE_TIME,
      },
    ],
  });

export const listSchema = z
  .object({
    id,
    name: z.string(),
    industry: z.string(),
    jobTitle: z.string(),
    location: z.string(),
    description: text,
    contactCount: z.number().int(),
    sequenceCount: z.number().int(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({
    description: 'An email list (a persona in the app): the contacts a sequence sends to.',
    examples: [
      {
        id: EXAMPLE_IDS.list,
        name: 'London CTOs',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'London',
        description: null,
        contactCount: 120,
        sequenceCount: 1,
        createdAt: EXAMPLE_TIME,
        updatedAt: EXAMPLE_TIME,
      },
    ],
  });

export const listMembershipSchema = z
  .object({ added: z.boolean().meta({ description: 'false when the contact was already in the list' }) })
  .meta({ examples: [{ added: true }] });

const sequenceFields = {
  id,
  name: z.string(),
  description: text,
  timezone: z.string(),
  skipWeekends: z.boolean(),
  contactLimit: z.number().int().nullable(),
  status: z.enum(SEQUENCE_STATUSES),
  senderAccountId: id.nullable(),
  senderAccountIds: z.array(id),
  sendAsEmail: text,
  personaId: id.nullable(),
  startDate: iso.nullable(),
  totalContacts: z.number().int(),
  launchedAt: iso.nullable(),
  useRecipientTimezone: z
    .boolean()
    .meta({ description: "Steps' times, nights and weekends fall in each contact's own zone" }),
  autoEnrollNewContacts: z
    .boolean()
    .meta({ description: 'Contacts joining a linked list are enrolled while it runs' }),
  followUpsFirst: z.boolean().meta({ description: "A day's sends go to follow-ups before first emails" }),
  stopCompanyOnReply: z
    .boolean()
    .meta({ description: "A reply stops the other contacts of the replier's company" }),
  trackOpens: z.boolean().meta({ description: 'Its emails carry the open pixel; off: no opened branch' }),
  trackClicks: z
    .boolean()
    .meta({ description: 'Links in its emails go through the signed click redirect; off: sent as written' }),
  createdAt: iso,
  updatedAt: iso,
};
const sequenceExample = {
  id: EXAMPLE_IDS.sequence,
  name: 'Q2 outreach',
  description: null,
  timezone: 'Europe/London',
  skipWeekends: true,
  contactLimit: null,
  status: 'running',
  senderAccountId: EXAMPLE_IDS.mailbox,
  senderAccountIds: [EXAMPLE_IDS.mailbox],
  sendAsEmail: null,
  personaId: EXAMPLE_IDS.list,
  startDate: null,
  totalContacts: 120,
  launchedAt: EXAMPLE_TIME,
  useRecipientTimezone: false,
  autoEnrollNewContacts: true,
  followUpsFirst: true,
  stopCompanyOnReply: false,
  trackOpens: true,
  trackClicks: false,
  createdAt: EXAMPLE_TIME,
  updatedAt: EXAMPLE_TIME,
};

export const sequenceSchema = z
  .object(sequenceFields)
  .meta({ description: 'A sequence of emails and waits sent to its contacts.', examples: [sequenceExample] });

export const sequenceSummarySchema = z
  .object({
    ...sequenceFields,
    stepCount: z.number().int(),
    enrolledCount: z.number().int().meta({ description: 'Every enrolment, whatever its status' }),
    activeCount: z.number().int().meta({ description: 'Enrolments still being worked' }),
  })
  .meta({
    description: 'A sequence as listed, with its step and enrolment counts.',
    examples: [{ ...sequenceExample, stepCount: 3, enrolledCount: 120, activeCount: 87 }],
  });

const skippedSchema = z.object({
  alreadyEnrolled: z.number().int(),
  unsubscribed: z.number().int(),
  suppressed: z.number().int(),
  bounced: z.number().int(),
  blacklisted: z.number().int(),
  overLimit: z.number().int(),
});
const skippedExample = {
  alreadyEnrolled: 0,
  unsubscribed: 2,
  suppressed: 0,
  bounced: 1,
  blacklisted: 0,
  overLimit: 0,
};

export const enrolmentSchema = z.object({ enrolled: z.number().int(), skipped: skippedSchema }).meta({
  description: 'How many contacts were enrolled, and how many were skipped for each reason.',
  examples: [{ enrolled: 117, skipped: skippedExample }],
});

export const launchSchema = z
  .object({
    enrolled: z.number().int(),
    skipped: skippedSchema,
    sequence: z.object({
      id,
      name: z.string(),
      status: z.enum(SEQUENCE_STATUSES),
      launchedAt: iso.nullable(),
      totalContacts: z.number().int(),
    }),
  })
  .meta({
    description: 'The enrolment counts of a launch and the sequence as it now is.',
    examples: [
      {
        enrolled: 117,
        skipped: skippedExample,
        sequence: {
          id: EXAMPLE_IDS.sequence,
          name: 'Q2 outreach',
          status: 'running',
          launchedAt: EXAMPLE_TIME,
          totalContacts: 117,
        },
      },
    ],
  });

export const deletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ description: 'The record is gone.', examples: [{ success: true }] });

/** What some refusals carry beside the message, each named by the code that carries it. */
const errorDetails = {
  problems: z
    .array(z.object({ code: z.string(), message: z.string(), blocking: z.boolean() }))
    .optional()
    .meta({ description: 'NOTHING_TO_SEND: what keeps the sequence from sending' }),
  steps: z
    .array(z.object({ id, name: z.string() }))
    .optional()
    .meta({ description: 'UNREACHABLE_STEPS: the steps no outcome leads to' }),
  missing: z
    .array(z.object({ variable: z.string(), contacts: z.number().int(), sample: z.array(z.string()) }))
    .optional()
    .meta({ description: 'MISSING_VARIABLES: each variable, how many contacts lack it, and a few of them' }),
  variables: z
    .array(z.string())
    .optional()
    .meta({ description: 'UNKNOWN_VARIABLES: the variables neither built in nor a custom field' }),
  sequences: z
    .array(z.object({ id, name: z.string(), status: z.enum(SEQUENCE_STATUSES) }))
    .optional()
    .meta({ description: 'CONFLICT on deleting a template: the running or paused sequences that send it' }),
  sequenceId: id.optional().meta({ description: 'IN_OTHER_SEQUENCE: the sequence the contact is active in' }),
};

export const errorSchema = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words a person can read' }),
    code: z.string().meta({ description: 'A stable code to branch on' }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Every field that failed validation (VALIDATION_ERROR)' }),
    ...errorDetails,
  })
  .meta({
    description: 'Every error answer.',
    examples: [
      {
        message: 'Email is required',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'email', message: 'Email is required' }],
      },
    ],
  });

export { EXAMPLE_TIME };
