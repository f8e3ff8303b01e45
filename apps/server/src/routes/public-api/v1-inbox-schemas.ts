import { INBOX_TABS, LEAD_STATUS_SOURCES, leadStatusSchema } from '@prospector/contracts';
import { z } from 'zod';
import { EXAMPLE_IDS, EXAMPLE_TIME, iso, text } from './v1-schemas';

/** Answer shapes of the Inbox: conversations, their messages, and a reply sent from the API. */
const id = z.uuid();

const conversationFields = {
  id,
  threadId: z.string().meta({ description: "The mailbox provider's thread" }),
  tab: z.enum(INBOX_TABS),
  contactId: id.nullable(),
  contactEmail: text,
  contactName: text,
  company: text,
  leadStatus: leadStatusSchema.nullable(),
  leadStatusSource: z.enum(LEAD_STATUS_SOURCES).nullable(),
  leadStatusReason: text,
  unread: z.boolean().meta({ description: 'The latest message from the other side is not read yet' }),
  lastMessageAt: iso,
  subject: z.string(),
  snippet: z.string(),
  mailbox: z.object({ id, email: z.string() }).nullable(),
  sequence: z.object({ id, name: z.string() }).nullable(),
  step: z.object({ id, order: z.number().int(), name: z.string() }).nullable(),
  messageCount: z.number().int(),
};
const conversationExample = {
  id: EXAMPLE_IDS.conversation,
  threadId: '18c2f0a9b7d3e4f1',
  tab: 'people',
  contactId: EXAMPLE_IDS.contact,
  contactEmail: 'ada@example.com',
  contactName: 'Ada Lovelace',
  company: 'Analytical Engines',
  leadStatus: 'interested',
  leadStatusSource: 'auto',
  leadStatusReason: 'Asked for a call',
  unread: true,
  lastMessageAt: EXAMPLE_TIME,
  subject: 'Re: Quick question, Ada',
  snippet: 'Happy to talk next week.',
  mailbox: { id: EXAMPLE_IDS.mailbox, email: 'me@example.com' },
  sequence: { id: EXAMPLE_IDS.sequence, name: 'Q2 outreach' },
  step: { id: EXAMPLE_IDS.step, order: 1, name: 'Intro' },
  messageCount: 2,
};

export const conversationSchema = z.object(conversationFields).meta({
  description: 'A thread of the Inbox: the contact, its lead status and the latest message.',
  examples: [conversationExample],
});

const messageExample = {
  id: EXAMPLE_IDS.event,
  direction: 'out',
  kind: null,
  from: 'me@example.com',
  fromName: 'Grace Hopper',
  to: 'ada@example.com',
  subject: 'Re: Quick question, Ada',
  text: 'Great, Ada. Tuesday at 10?',
  replyText: 'Great, Ada. Tuesday at 10?',
  html: '<p>Great, Ada. Tuesday at 10?</p>',
  attachments: [],
  sentAt: EXAMPLE_TIME,
};

export const inboxMessageSchema = z
  .object({
    id,
    direction: z.enum(['in', 'out']),
    kind: text.meta({
      description: 'For an incoming message: reply, auto_reply, bounce, complaint, delay or unclassified',
    }),
    from: z.string(),
    fromName: text,
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    replyText: z.string().meta({ description: 'The text without the quoted original and the signature' }),
    html: text.meta({ description: 'Sanitised HTML (no scripts; remote images held back), or null' }),
    attachments: z.array(z.object({ filename: z.string(), mimeType: z.string(), size: z.number().int() })),
    sentAt: iso,
  })
  .meta({
    description: 'One message of a conversation, either way.',
    examples: [messageExample],
  });

export const conversationDetailSchema = z
  .object({ ...conversationFields, messages: z.array(inboxMessageSchema) })
  .meta({
    description: 'A conversation with its messages, oldest first.',
    examples: [{ ...conversationExample, messages: [messageExample] }],
  });
