import { V1_SEND_STATES } from '@prospector/contracts';
import { TRACKING_EVENT_TYPES } from '@prospector/db';
import { z } from 'zod';
import { EXAMPLE_IDS, EXAMPLE_TIME, iso, text } from './v1-schemas';

/** Answer shapes of what went out (sends, their events) and what came back (replies). */
const id = z.uuid();

export const sendSchema = z
  .object({
    id,
    sequenceId: id,
    stepId: id.nullable(),
    contactId: id,
    contactEmail: z.string(),
    subject: z.string(),
    state: z.enum(V1_SEND_STATES),
    scheduledFor: iso,
    sentAt: iso.nullable(),
    openedAt: iso.nullable(),
    clickedAt: iso.nullable().meta({ description: "A person's first click on a tracked link" }),
    repliedAt: iso.nullable(),
    bouncedAt: iso.nullable(),
    lastError: text,
  })
  .meta({
    description: 'One email of a sequence to one contact: scheduled, sent, or why not.',
    examples: [
      {
        id: EXAMPLE_IDS.send,
        sequenceId: EXAMPLE_IDS.sequence,
        stepId: EXAMPLE_IDS.step,
        contactId: EXAMPLE_IDS.contact,
        contactEmail: 'ada@example.com',
        subject: 'Quick question, Ada',
        state: 'sent',
        scheduledFor: EXAMPLE_TIME,
        sentAt: EXAMPLE_TIME,
        openedAt: null,
        clickedAt: null,
        repliedAt: null,
        bouncedAt: null,
        lastError: null,
      },
    ],
  });

export const sendEventSchema = z
  .object({
    id,
    type: z.enum(TRACKING_EVENT_TYPES),
    occurredAt: iso,
    url: text.meta({ description: 'The link followed (click)' }),
    flaggedReason: text.meta({ description: 'Why an open or click was not counted (a bot, a link scanner)' }),
  })
  .meta({
    description: 'Something that happened to a sent email.',
    examples: [
      { id: EXAMPLE_IDS.event, type: 'open', occurredAt: EXAMPLE_TIME, url: null, flaggedReason: null },
    ],
  });

export const replySchema = z
  .object({
    id,
    type: z.enum(['reply', 'auto_reply', 'unclassified']),
    occurredAt: iso.meta({ description: 'When the reply arrived' }),
    from: text,
    subject: text,
    snippet: z.string(),
    outOfOfficeUntil: text.meta({ description: 'The return date an out-of-office reply stated (ISO 8601)' }),
    contact: z.object({ id, email: z.string(), name: text }),
    sequence: z.object({ id, name: z.string() }).nullable(),
    step: z.object({ id, order: z.number().int(), name: z.string() }).nullable(),
    threadUrl: text.meta({ description: 'Where the thread opens (Gmail)' }),
    mailbox: text.meta({ description: 'The mailbox the reply arrived in' }),
  })
  .meta({
    description: 'A reply (or an automatic reply, or unclassified automated mail) to a sequence email.',
    examples: [
      {
        id: EXAMPLE_IDS.event,
        type: 'reply',
        occurredAt: EXAMPLE_TIME,
        from: 'Ada Lovelace <ada@example.com>',
        subject: 'Re: Quick question, Ada',
        snippet: 'Happy to talk next week.',
        outOfOfficeUntil: null,
        contact: { id: EXAMPLE_IDS.contact, email: 'ada@example.com', name: 'Ada Lovelace' },
        sequence: { id: EXAMPLE_IDS.sequence, name: 'Q2 outreach' },
        step: { id: EXAMPLE_IDS.step, order: 1, name: 'Intro' },
        threadUrl: null,
        mailbox: 'me@example.com',
      },
    ],
  });
