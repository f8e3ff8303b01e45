import { z } from 'zod';

/**
 * Response shapes of the public API, for its OpenAPI document. Request bodies and queries are the
 * contracts' own schemas; these describe what the use cases return.
 */
const iso = z.string().meta({ format: 'date-time' });
const text = z.string().nullable();

export const contactSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: text,
    lastName: text,
    name: text,
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
    linkedinUrl: text,
    industry: text,
    suppressed: z.boolean(),
    unsubscribed: z.boolean(),
    hardBounced: z.boolean(),
    tags: z.array(z.string()),
    metadata: z.record(z.string(), z.unknown()),
    personaId: z.uuid().nullable(),
    status: z.enum(['active', 'unsubscribed', 'suppressed']),
    leadStatus: text.meta({ description: 'interested, meeting_booked, ..., label:<id>, or null' }),
    leadStatusSource: z.enum(['auto', 'user']).nullable(),
    leadStatusReason: text,
    leadStatusAt: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ title: 'Contact' });

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const contactPageSchema = page(contactSchema);

export const deletedSchema = z.object({ success: z.literal(true) });

export const listSchema = z
  .object({ id: z.uuid(), name: z.string(), industry: text, contactCount: z.number().int(), createdAt: iso })
  .loose()
  .meta({ title: 'EmailList' });

export const sequenceSchema = z
  .object({ id: z.uuid(), name: z.string(), status: z.string(), createdAt: iso })
  .loose()
  .meta({ title: 'Sequence' });

export const sendSchema = z
  .object({
    id: z.uuid(),
    sequenceId: z.uuid(),
    contactId: z.uuid(),
    contactEmail: z.string(),
    subject: z.string(),
    state: z.enum(['scheduled', 'sending', 'sent', 'failed', 'cancelled']),
    scheduledFor: iso,
    sentAt: iso.nullable(),
    openedAt: iso.nullable(),
    repliedAt: iso.nullable(),
    bouncedAt: iso.nullable(),
    lastError: text,
  })
  .meta({ title: 'EmailSend' });

export const sendEventSchema = z
  .object({ id: z.uuid(), type: z.string(), occurredAt: iso, url: text, flaggedReason: text })
  .meta({ title: 'EmailEvent' });

export const replySchema = z
  .object({ id: z.uuid(), type: z.string(), occurredAt: iso })
  .loose()
  .meta({ title: 'Reply' });

export const errorSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ title: 'Error' });
