import { z } from 'zod';
import type { WithCreator } from './created-by';
import type { EnrolmentResult } from './engine';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

// Spec sections 3, 4 ("Sequence status"), 5 ("Sequence") and 7 ("Sequences and steps"). Messages are the
// spec's, word for word, where it names one.

/** Spec section 5: the nine time zones a sequence can run in; UTC is the default. */
export const SEQUENCE_TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Ho_Chi_Minh',
  'Australia/Sydney',
] as const;
export type SequenceTimezone = (typeof SEQUENCE_TIMEZONES)[number];
export const DEFAULT_SEQUENCE_TIMEZONE: SequenceTimezone = 'UTC';

/** Stored values; the UI shows draft, running and paused. */
export const SEQUENCE_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'published',
  'completed',
  'paused',
] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
/** What PATCH /api/sequences/{id} may set `status` to (activate and pause are the buttons' own calls). */
export const SEQUENCE_PATCH_STATUSES = ['draft', 'running', 'paused', 'completed'] as const;

export const SEQUENCE_NAME_REQUIRED = 'Sequence name is required';
export const SEQUENCE_TIMEZONE_INVALID = `Timezone must be one of: ${SEQUENCE_TIMEZONES.join(', ')}`;
export const CONTACT_LIMIT_INVALID = 'Contact limit must be a whole number of at least 1';
export const SENDER_ACCOUNT_NOT_FOUND = 'Sender mailbox not found';
export const SEND_AS_EMAIL_INVALID = 'Send-as address must be an email address';
export const NEW_SEQUENCE_STATUS_INVALID = 'A new sequence starts as a draft';
/** Spec section 5: adding contacts to a sequence needs a sequence chosen. */
export const SELECT_SEQUENCE_MESSAGE = 'Please select a sequence';
/** Spec section 5: adding an email list (to a sequence, or by an add-to-list step) needs one chosen. */
export const SELECT_EMAIL_LIST_MESSAGE = 'Please select an email list';

/** '' and null (and a missing value on create) mean "none". */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

const name = z
  .string({ error: SEQUENCE_NAME_REQUIRED })
  .trim()
  .min(1, SEQUENCE_NAME_REQUIRED)
  .max(TEXT_LIMITS.name, tooLongMessage('Sequence name', TEXT_LIMITS.name));
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(TEXT_LIMITS.description, tooLongMessage('Description', TEXT_LIMITS.description))
  .nullable()
  .transform((value) => (value ? value : null));
const timezone = z.enum(SEQUENCE_TIMEZONES, { error: SEQUENCE_TIMEZONE_INVALID });
const skipWeekends = z.boolean({ error: 'Skip weekends must be true or false' });
const useRecipientTimezone = z.boolean({
  error: "Send at each recipient's local time must be true or false",
});
/** A whole number >= 1, or empty/null for no limit. A numeric string (an input's value) is accepted. */
const contactLimit = z.preprocess((value) => {
  const v = emptyToNull(value);
  return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
}, z
  .number({ error: CONTACT_LIMIT_INVALID })
  .int(CONTACT_LIMIT_INVALID)
  .min(1, CONTACT_LIMIT_INVALID)
  .max(1_000_000, 'Contact limit is too large (at most 1000000)')
  .nullable());
const senderAccountId = z.preprocess(
  emptyToNull,
  z.string({ error: SENDER_ACCOUNT_NOT_FOUND }).uuid(SENDER_ACCOUNT_NOT_FOUND).nullable(),
);
const senderAccountIds = z
  .array(z.string({ error: SENDER_ACCOUNT_NOT_FOUND }).uuid(SENDER_ACCOUNT_NOT_FOUND), {
    error: 'Sender mailboxes must be a list',
  })
  .max(50, 'At most 50 sender mailboxes');
const sendAsEmail = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: SEND_AS_EMAIL_INVALID })
    .trim()
    .max(254, SEND_AS_EMAIL_INVALID)
    .email(SEND_AS_EMAIL_INVALID)
    .nullable(),
);

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
/** Decision 021: new list members enrolled automatically, follow-ups before first emails, company stop. */
const autoEnrollNewContacts = flag('Enrol new contacts automatically');
const followUpsFirst = flag('Follow-ups first');
const stopCompanyOnReply = flag('Stop the company on reply');
const trackOpens = flag('Track opens');
const trackClicks = flag('Track clicks');

/** POST /api/sequences. Defaults: draft, UTC, weekends not skipped, no contact limit. */
export const createSequenceSchema = z.object({
  name,
  description: description.optional().default(null),
  timezone: timezone.optional().default(DEFAULT_SEQUENCE_TIMEZONE),
  skipWeekends: skipWeekends.optional().default(false),
  useRecipientTimezone: useRecipientTimezone.optional().default(false),
  contactLimit: contactLimit.optional().default(null),
  senderAccountId: senderAccountId.optional().default(null),
  senderAccountIds: senderAccountIds.optional(),
  sendAsEmail: sendAsEmail.optional().default(null),
  status: z.literal('draft', { error: NEW_SEQUENCE_STATUS_INVALID }).optional().default('draft'),
  autoEnrollNewContacts: autoEnrollNewContacts.optional().default(true),
  followUpsFirst: followUpsFirst.optional().default(true),
  stopCompanyOnReply: stopCompanyOnReply.optional().default(false),
  trackOpens: trackOpens.optional().default(true),
  trackClicks: trackClicks.optional().default(false),
});
export type CreateSequenceInput = z.output<typeof createSequenceSchema>;
/** What the create form holds before parsing (defaults not yet applied). */
export type SequenceFormValues = z.input<typeof createSequenceSchema>;

/** PATCH /api/sequences/{id}: any subset. Status changes follow docs/decisions/010. */
export const updateSequenceSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  timezone: timezone.optional(),
  skipWeekends: skipWeekends.optional(),
  useRecipientTimezone: useRecipientTimezone.optional(),
  contactLimit: contactLimit.optional(),
  senderAccountId: senderAccountId.optional(),
  senderAccountIds: senderAccountIds.optional(),
  sendAsEmail: sendAsEmail.optional(),
  autoEnrollNewContacts: autoEnrollNewContacts.optional(),
  followUpsFirst: followUpsFirst.optional(),
  stopCompanyOnReply: stopCompanyOnReply.optional(),
  trackOpens: trackOpens.optional(),
  trackClicks: trackClicks.optional(),
  status: z
    .enum(SEQUENCE_PATCH_STATUSES, { error: `Status must be one of: ${SEQUENCE_PATCH_STATUSES.join(', ')}` })
    .optional(),
});
export type UpdateSequenceInput = z.output<typeof updateSequenceSchema>;

/** A sequence as the API returns it. */
export interface Sequence {
  id: string;
  name: string;
  description: string | null;
  timezone: string;
  skipWeekends: boolean;
  /** Each step's time, the night rule and weekends apply in each contact's own zone (else the sequence's). */
  useRecipientTimezone: boolean;
  contactLimit: number | null;
  status: SequenceStatus;
  senderAccountId: string | null;
  senderAccountIds: string[];
  sendAsEmail: string | null;
  personaId: string | null;
  startDate: string | null;
  totalContacts: number;
  launchedAt: string | null;
  /** Contacts joining a linked list are enrolled by the worker while it runs (decision 026). */
  autoEnrollNewContacts: boolean;
  /** Within a mailbox's daily limit, due follow-ups go before first emails. */
  followUpsFirst: boolean;
  /** A reply stops everyone of the replier's company domain in this sequence (never free-mail domains). */
  stopCompanyOnReply: boolean;
  /** Its emails carry the open pixel; off: no pixel, no 'opened' branch, no not-opened streak. */
  trackOpens: boolean;
  /** Links in its emails go through the signed click redirect; off: links are sent as written. */
  trackClicks: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A sequence as GET /api/sequences lists it (fields every list consumer reads). */
export type SequenceSummary = Pick<
  Sequence,
  'id' | 'name' | 'status' | 'timezone' | 'description' | 'skipWeekends' | 'createdAt'
>;

/** A card of the Sequences page: the sequence with its step count and enrolment counts. */
export interface SequenceCard extends WithCreator<Sequence> {
  stepCount: number;
  /** Every enrolment, whatever its status. */
  enrolledCount: number;
  /** Enrolments the engine still works (status active). */
  activeCount: number;
  /** Its emails sent, and of those the opened and the replied ones. */
  sent: number;
  opened: number;
  replied: number;
}

/** POST /api/sequences/{id}/add-email-list. */
export const addEmailListSchema = z.object({
  personaId: z.string({ error: SELECT_EMAIL_LIST_MESSAGE }).uuid(SELECT_EMAIL_LIST_MESSAGE),
});
export type AddEmailListInput = z.output<typeof addEmailListSchema>;

export const EMAIL_LIST_LINKED_MESSAGE = 'Email list added to sequence';
export const EMAIL_LIST_ALREADY_LINKED_MESSAGE = 'Email list is already linked to this sequence';

export interface AddEmailListResult {
  message: string;
  sequence: Sequence;
}

/** An email list linked to a sequence (GET /api/sequences/{id}/email-lists). */
export interface LinkedEmailList {
  id: string;
  name: string;
  industry: string;
  jobTitle: string;
  location: string;
  description: string | null;
  contactCount: number;
  linkedAt: string;
}

/** POST /api/sequences/{id}/contacts: enroll contacts; ones already enrolled are skipped. */
export const enrollContactsSchema = z.object({
  contactIds: z
    .array(z.string().uuid('Contact not found'), { error: 'Please select at least one contact' })
    .min(1, 'Please select at least one contact')
    .max(10_000, 'At most 10000 contacts can be enrolled at once'),
  /** In a running sequence: enrol only the contacts with a value for every variable its emails need. */
  skipContactsMissingValues: z.boolean().optional(),
});
export type EnrollContactsInput = z.output<typeof enrollContactsSchema>;

/** Enrolled count and skipped counts per reason (the engine's enrolment result). */
export type EnrollContactsResult = EnrolmentResult;

/** The add-to-sequence dialog's form. */
export const addToSequenceFormSchema = z.object({
  sequenceId: z.string().min(1, SELECT_SEQUENCE_MESSAGE),
});
