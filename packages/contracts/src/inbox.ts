import { z } from 'zod';
import type { ConversationDraft } from './assistant';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

// The Inbox: every reply from every mailbox as conversations, answered from the app, each lead sorted by
// its status (interested, meeting booked, ... or a user's own label).

export const LEAD_STATUSES = [
  'interested',
  'meeting_booked',
  'not_interested',
  'out_of_office',
  'wrong_person',
  'unsubscribe_request',
] as const;
export type BuiltInLeadStatus = (typeof LEAD_STATUSES)[number];
/** A built-in status, or `label:<id>` for one of the user's labels. */
export type LeadStatus = BuiltInLeadStatus | `label:${string}`;

export const LEAD_STATUS_LABELS: Record<BuiltInLeadStatus, string> = {
  interested: 'Interested',
  meeting_booked: 'Meeting booked',
  not_interested: 'Not interested',
  out_of_office: 'Out of office',
  wrong_person: 'Wrong person',
  unsubscribe_request: 'Unsubscribe request',
};

/** Statuses that count as a positive reply in analytics. */
export const POSITIVE_LEAD_STATUSES: readonly BuiltInLeadStatus[] = ['interested', 'meeting_booked'];

/** Who set a contact's status: the classifier on arrival ('auto') or the user ('user', which always wins). */
export const LEAD_STATUS_SOURCES = ['auto', 'user'] as const;
export type LeadStatusSource = (typeof LEAD_STATUS_SOURCES)[number];

const LABEL_STATUS = /^label:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LEAD_STATUS_MESSAGE = `leadStatus must be one of ${LEAD_STATUSES.join(', ')}, label:<id> or null`;

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === 'string' &&
  ((LEAD_STATUSES as readonly string[]).includes(value) || LABEL_STATUS.test(value));

export const leadStatusSchema = z.custom<LeadStatus>(isLeadStatus, { message: LEAD_STATUS_MESSAGE }).meta({
  description: `One of ${LEAD_STATUSES.join(', ')}, or label:<id> for one of the user's labels`,
  anyOf: [
    { type: 'string', enum: [...LEAD_STATUSES] },
    { type: 'string', pattern: '^label:[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$' },
  ],
});

/** PATCH /api/v1/contacts/{id}/lead-status: the contact's lead status, set as the user (null clears it). */
export const contactLeadStatusSchema = z.object({ leadStatus: leadStatusSchema.nullable() });
export type ContactLeadStatusInput = z.infer<typeof contactLeadStatusSchema>;

export const INBOX_TABS = ['people', 'auto', 'bounces', 'unclassified'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

const uuidParam = (label: string) =>
  z
    .string()
    .uuid(`${label} must be a UUID`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** GET /api/inbox/conversations */
export const inboxQuerySchema = z.object({
  tab: z
    .enum(INBOX_TABS, { message: 'tab must be one of people, auto, bounces or unclassified' })
    .default('people'),
  status: z
    .union([leadStatusSchema, z.literal('none')], { message: LEAD_STATUS_MESSAGE })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  mailboxId: uuidParam('mailboxId'),
  sequenceId: uuidParam('sequenceId'),
  unread: z
    .enum(['true', 'false', ''], { message: 'unread must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  q: z
    .string()
    .trim()
    .max(TEXT_LIMITS.searchText, tooLongMessage('Search', TEXT_LIMITS.searchText))
    .optional()
    .transform((value) => value || undefined),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(50),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;
export type InboxFilters = z.output<typeof inboxQuerySchema>;

export interface InboxLabel {
  id: string;
  name: string;
  color: string;
}

export interface ConversationSummary {
  id: string;
  threadId: string;
  tab: InboxTab;
  contactId: string | null;
  contactEmail: string | null;
  contactName: string | null;
  company: string | null;
  leadStatus: LeadStatus | null;
  leadStatusSource: LeadStatusSource | null;
  leadStatusReason: string | null;
  unread: boolean;
  lastMessageAt: string;
  subject: string;
  snippet: string;
  mailbox: { id: string; email: string } | null;
  sequence: { id: string; name: string } | null;
  step: { id: string; order: number; name: string } | null;
  messageCount: number;
}

export interface InboxListResponse {
  conversations: ConversationSummary[];
  nextCursor: string | null;
}

export interface InboxAttachment {
  filename: string;
  mimeType: string;
  size: number;
}

export interface InboxMessage {
  id: string;
  direction: 'in' | 'out';
  /** For an incoming message: reply, auto_reply, bounce, complaint, delay or unclassified. */
  kind: string | null;
  from: string;
  fromName: string | null;
  to: string;
  subject: string;
  text: string;
  /** What the writer wrote: the text without the quoted original and the signature (the rest is folded). */
  replyText: string;
  /** The tracking event of an incoming message (an unclassified one can be marked from the thread). */
  eventId: string | null;
  /** Sanitised HTML (no scripts, remote images as data-remote-src until the user asks), or null. */
  html: string | null;
  hasRemoteImages: boolean;
  attachments: InboxAttachment[];
  sentAt: string;
  /** Sent by the answer writer's auto-send, not by the user. */
  sentByAssistant?: boolean;
}

export interface ConversationDetail extends ConversationSummary {
  messages: InboxMessage[];
  contact: {
    id: string;
    email: string;
    name: string | null;
    firstName: string | null;
    lastName: string | null;
    title: string | null;
    company: string | null;
    status: string;
    /** What an answer's variables are filled with for this contact, before fallbacks (built in and custom). */
    variables: Record<string, string>;
    lists: { id: string; name: string }[];
    sequences: { id: string; name: string; status: string }[];
  } | null;
  /** An address named in a "wrong person" reply, offered as a new contact. */
  referral: string | null;
  /** The answer writer's draft waiting for the user (or for auto-send). */
  draft?: ConversationDraft | null;
}

/** POST /api/inbox/conversations/{id}/reply */
export const inboxReplySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'Write a reply first')
    .max(TEXT_LIMITS.replyText, tooLongMessage('Reply', TEXT_LIMITS.replyText)),
});
export type InboxReplyInput = z.input<typeof inboxReplySchema>;

export const V1_REPLY_ONE_BODY = 'Send the reply as text or as html, one of them';

/**
 * POST /api/v1/conversations/{id}/reply: the answer as plain text (as the Inbox writes it) or as HTML,
 * either with the contact's {{variables}}.
 */
export const v1ConversationReplySchema = z
  .object({
    text: inboxReplySchema.shape.text.optional(),
    html: z
      .string({ error: 'html must be a string' })
      .trim()
      .min(1, 'Write a reply first')
      .max(TEXT_LIMITS.templateBody, tooLongMessage('Reply', TEXT_LIMITS.templateBody))
      .optional(),
  })
  .transform((body, ctx) => {
    if (body.text !== undefined && body.html === undefined) return { text: body.text };
    if (body.html !== undefined && body.text === undefined) return { html: body.html };
    ctx.addIssue({ code: 'custom', message: V1_REPLY_ONE_BODY, path: ['text'] });
    return z.NEVER;
  })
  .meta({ oneOf: [{ required: ['text'] }, { required: ['html'] }] });
export type V1ConversationReplyInput = z.output<typeof v1ConversationReplySchema>;

const isoSince = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'since must be an ISO 8601 time')
  .transform((value) => new Date(value))
  .optional()
  .meta({
    format: 'date-time',
    description: 'Only conversations whose latest message is at or after this time',
  });

/** GET /api/v1/conversations: the Inbox's filters, one page at a time. */
export const v1ConversationsQuerySchema = z.object({
  tab: inboxQuerySchema.shape.tab.meta({
    description: 'people: replies from people (the default); auto: automatic replies; bounces; unclassified',
  }),
  leadStatus: inboxQuerySchema.shape.status.meta({
    description: 'Only conversations whose contact has this lead status; `none` for those without one',
  }),
  unread: inboxQuerySchema.shape.unread.meta({ description: '`true` for unread conversations only' }),
  since: isoSince,
  mailboxId: inboxQuerySchema.shape.mailboxId.meta({ description: "Only this mailbox's conversations" }),
  sequenceId: inboxQuerySchema.shape.sequenceId.meta({ description: "Only this sequence's conversations" }),
  cursor: inboxQuerySchema.shape.cursor,
  limit: inboxQuerySchema.shape.limit,
});

/** POST /api/inbox/conversations/{id}/forward */
export const inboxForwardSchema = z.object({
  to: z
    .string({ error: 'to is required' })
    .trim()
    .toLowerCase()
    .email('to must be an email address')
    .max(TEXT_LIMITS.email, tooLongMessage('Address', TEXT_LIMITS.email)),
  text: z
    .string()
    .trim()
    .max(TEXT_LIMITS.replyText, tooLongMessage('Note', TEXT_LIMITS.replyText))
    .optional()
    .default(''),
});
export type InboxForwardInput = z.input<typeof inboxForwardSchema>;

/** PATCH /api/inbox/conversations/{id} */
export const inboxUpdateSchema = z
  .object({
    leadStatus: leadStatusSchema.nullable().optional(),
    read: z.boolean({ message: 'read must be true or false' }).optional(),
    /** Done (and read): out of the lists until the next message from the other side. */
    done: z.boolean({ message: 'done must be true or false' }).optional(),
  })
  .refine((value) => value.leadStatus !== undefined || value.read !== undefined || value.done !== undefined, {
    message: 'Send leadStatus, read or done',
  });
/** What the page sends; the server parses it with the same schema, so a field one side lacks fails the typecheck. */
export type InboxUpdateInput = z.input<typeof inboxUpdateSchema>;
export type InboxUpdate = z.output<typeof inboxUpdateSchema>;

/** POST /api/inbox/conversations/status: one status for many conversations' contacts. */
export const inboxBulkStatusSchema = z.object({
  conversationIds: z
    .array(z.string().uuid('conversationIds must be UUIDs'), { message: 'conversationIds is required' })
    .min(1, 'Choose at least one conversation')
    .max(500, 'At most 500 conversations at once'),
  leadStatus: leadStatusSchema.nullable(),
});
export type InboxBulkStatusInput = z.input<typeof inboxBulkStatusSchema>;

const COLOR = /^#[0-9a-f]{6}$/i;
/** POST /api/inbox/labels, PATCH /api/inbox/labels/{id} */
export const inboxLabelSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(TEXT_LIMITS.labelName, tooLongMessage('Name', TEXT_LIMITS.labelName)),
  color: z.string({ error: 'color is required' }).regex(COLOR, 'color must be a hex colour such as #22c55e'),
});
export const inboxLabelUpdateSchema = inboxLabelSchema.partial();
export type InboxLabelInput = z.input<typeof inboxLabelSchema>;

export interface UnreadCount {
  count: number;
}

/** The text of a lead status for display: a built-in's name, the label's name, or '' for none. */
export function leadStatusName(status: string | null, labels: InboxLabel[] = []): string {
  if (!status) return '';
  if (status.startsWith('label:')) return labels.find((l) => `label:${l.id}` === status)?.name ?? 'Label';
  return LEAD_STATUS_LABELS[status as BuiltInLeadStatus] ?? status;
}
