import { z } from 'zod';

// Tracking: replies detected in users' mailboxes (GET /api/replies) and a contact's events in time order
// (GET /api/contacts/{id}/events).

export const TRACKING_EVENT_KINDS = [
  'open',
  'click',
  'reply',
  'auto_reply',
  'bounce',
  'complaint',
  'unsubscribe',
  'delay',
  'unclassified',
] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

/** GET /api/replies?includeAutoReplies=true: auto-replies are left out unless asked for. */
export const repliesQuerySchema = z.object({
  includeAutoReplies: z
    .enum(['true', 'false'], { message: 'includeAutoReplies must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type RepliesQuery = z.infer<typeof repliesQuerySchema>;

/** One reply, auto-reply or unclassified automated message about a sequence email. */
export interface ReplyItem {
  id: string;
  type: 'reply' | 'auto_reply' | 'unclassified';
  /** The return date an out-of-office reply stated (ISO), else null. */
  outOfOfficeUntil: string | null;
  receivedAt: string;
  from: string | null;
  subject: string | null;
  snippet: string;
  contact: { id: string; email: string; name: string | null };
  sequence: { id: string; name: string } | null;
  step: { id: string; order: number; name: string } | null;
  /** Where the thread opens: Gmail for a real mailbox, the Sandbox Inbox for a sandbox one. */
  threadUrl: string | null;
  mailbox: string | null;
}

/**
 * POST /api/replies/{eventId}/classify: the user marks an unclassified automated message as a person's
 * reply, an automatic reply, a (hard) bounce, or ignores it.
 */
export const INBOUND_MARKS = ['reply', 'auto_reply', 'bounce', 'ignore'] as const;
export type InboundMark = (typeof INBOUND_MARKS)[number];
export const classifyInboundSchema = z.object({
  as: z.enum(INBOUND_MARKS, { message: 'as must be one of reply, auto_reply, bounce or ignore' }),
});
export type ClassifyInboundRequest = z.infer<typeof classifyInboundSchema>;

export interface ClassifiedInbound {
  id: string;
  /** The event's type now: reply, auto_reply, bounce, or unclassified when ignored. */
  type: TrackingEventKind;
  /** What the user marked it as (the first mark; a later one changes nothing). */
  classifiedAs: InboundMark;
}

export interface RepliesResponse {
  replies: ReplyItem[];
}

/** One event of a contact (opens, replies, bounces, unsubscribes), oldest first. */
/**
 * What the engine did that the contact's timeline shows besides tracking events: an email that failed,
 * and an enrolment that failed or was stopped, each with its reason in `detail`.
 */
export const ENGINE_EVENT_KINDS = ['email_failed', 'enrolment_failed', 'enrolment_stopped'] as const;
export type EngineEventKind = (typeof ENGINE_EVENT_KINDS)[number];

export interface ContactEvent {
  id: string;
  type: TrackingEventKind | EngineEventKind;
  occurredAt: string;
  /** Why it does not count (a bot's open, a soft bounce); null when it counts. */
  flaggedReason: string | null;
  /** The subject of the email it is about. */
  emailSubject: string | null;
  sequenceName: string | null;
  /** A reply's snippet, a bounce's status code, the user agent of an open. */
  detail: string | null;
}

export interface ContactEventsResponse {
  events: ContactEvent[];
}
