import { emailSends, trackingEvents } from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { draftOnArrival } from '../assistant/auto-draft';
import { hardBounceInTx } from '../contact-state/hard-bounce';
import { unsubscribeInTx } from '../contact-state/unsubscribe';
import { applyReply } from '../engine/apply-reply';
import type { EngineDeps, Tx } from '../engine/engine-deps';
import { classifyOnArrival } from '../inbox/classify-arrival';
import { storeInboundInConversation, storeOwnMessage } from '../inbox/store-conversation';
import { recordEmailEvent } from '../webhooks/record-event';
import { classifyInbound, type InboundKind } from './classify-inbound';
import type { InboundMessage } from './inbound-message';
import { pauseOnBounceRate } from './mailbox-health';
import { type MatchedSend, matchSend } from './match-send';
import { holdUntilReturn } from './out-of-office';
import { replyTextOf } from './reply-text';
import { returnDateOf } from './return-date';

export interface InboundScope {
  workspaceId: string;
  /** The mailbox the message arrived in. */
  accountId: string;
  /** Its own address and send-as aliases: messages from these are not replies. */
  ownAddresses: string[];
}

export interface RecordedInbound {
  type: InboundKind['type'] | 'unrelated';
  emailSendId: string | null;
}

export const COMPLAINT_REASON = 'Marked the email as spam';
export const UNSUBSCRIBE_NOTICE_REASON = 'Asked to unsubscribe';

/** Why an event does not count as what its type says (soft bounces, sender-side rejections). */
function flaggedReasonOf(kind: InboundKind): string | null {
  if (kind.type !== 'bounce') return null;
  if (kind.bounce.kind === 'soft') return 'soft_bounce';
  if (kind.bounce.kind === 'sender') return 'sender_rejection';
  return null;
}

/**
 * One new message of a mailbox, seen by the reply poller. A reply, auto-reply, bounce or complaint about
 * one of the user's sent emails is recorded once (keyed by the Gmail message id), and acted on: a reply
 * sets replied_at and takes the engine's reply rule; a hard bounce flags the contact, stops its
 * enrolments and may pause the mailbox; a complaint unsubscribes the contact. Auto-replies, soft bounces
 * and anything unrelated change nothing else. Safe to repeat for the same message.
 */
export async function recordInboundMessage(
  deps: EngineDeps,
  scope: InboundScope,
  message: InboundMessage,
): Promise<RecordedInbound> {
  const kind = classifyInbound(message, scope.ownAddresses);
  const now = deps.clock.now();
  const received = message.receivedAt.getTime() > 0 ? message.receivedAt : now;
  const at = received > now ? now : received;
  const thread = { workspaceId: scope.workspaceId, accountId: scope.accountId, threadId: message.threadId };
  if (kind.type === 'own') {
    await deps.db.transaction((tx) => storeOwnMessage(tx, thread, message, at));
    return { type: 'own', emailSendId: null };
  }
  const returnDate = kind.type === 'auto_reply' ? returnDateOf(message.text, at) : null;
  const payload = payloadOf(message, kind, returnDate);
  const send = await deps.db.transaction(async (tx) => {
    const matched = await matchSend(tx, scope, message, failedRecipientOf(kind));
    if (!matched) return null;
    const inserted = await tx
      .insert(trackingEvents)
      .values({
        workspaceId: matched.workspaceId,
        emailSendId: matched.id,
        contactId: matched.contactId,
        type: kind.type,
        flaggedReason: flaggedReasonOf(kind),
        rawPayload: payload,
        dedupeKey: message.gmailMessageId,
        occurredAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: trackingEvents.id });
    if (!inserted.length) return { ...matched, fresh: false };
    await applyInboundEffects(tx, kind, matched, at, returnDate, payload);
    await storeInboundInConversation(tx, thread, message, kind, matched, inserted[0]!.id, at);
    return { ...matched, fresh: true };
  });
  if (!send) return { type: 'unrelated', emailSendId: null };
  if (send.fresh) {
    const target = { workspaceId: send.workspaceId, contactId: send.contactId, emailSendId: send.id };
    await classifyOnArrival(deps, target, kind, message, returnDate, at);
    await draftOnArrival(deps, thread, kind, message);
  }
  // The engine's reply rule runs in its own transaction; it is idempotent, so a message seen again by a
  // later sync (after a crash between the two) still stops the enrolment.
  if (kind.type === 'reply')
    await applyReply(deps, { workspaceId: send.workspaceId, emailSendId: send.id, at });
  return { type: kind.type, emailSendId: send.id };
}

/**
 * What a newly recorded message does to the contact, the send, the enrolment and the mailbox (decision 016),
 * in the caller's transaction; a reply's engine rule (`applyReply`) runs after it commits.
 */
export async function applyInboundEffects(
  tx: Tx,
  kind: InboundKind,
  send: MatchedSend,
  at: Date,
  returnDate: Date | null,
  payload: InboundPayload = {},
) {
  await recordInboundEvent(tx, kind, send.id, at, payload);
  if (kind.type === 'reply') {
    await tx
      .update(emailSends)
      .set({ repliedAt: at, updatedAt: at })
      .where(and(eq(emailSends.id, send.id), isNull(emailSends.repliedAt)));
  } else if (kind.type === 'bounce' && kind.bounce.kind === 'hard') {
    await tx
      .update(emailSends)
      .set({ bouncedAt: at, updatedAt: at })
      .where(and(eq(emailSends.id, send.id), isNull(emailSends.bouncedAt)));
    await hardBounceInTx(tx, {
      workspaceId: send.workspaceId,
      contactId: send.contactId,
      at,
      status: kind.bounce.status,
    });
    if (send.senderAccountId) await pauseOnBounceRate(tx, send.senderAccountId, at);
  } else if (kind.type === 'bounce' && kind.bounce.kind === 'sender') {
    // The address is fine; the mailbox (or its message) was refused: the send bounced and the mailbox's
    // health counts it, the contact is left alone.
    await tx
      .update(emailSends)
      .set({ bouncedAt: at, updatedAt: at })
      .where(and(eq(emailSends.id, send.id), isNull(emailSends.bouncedAt)));
    if (send.senderAccountId) await pauseOnBounceRate(tx, send.senderAccountId, at);
  } else if (kind.type === 'auto_reply' && returnDate) {
    await holdUntilReturn(tx, send.sequenceContactId, returnDate, at);
  } else if (kind.type === 'complaint' && kind.complaint.feedbackType !== 'auth-failure') {
    await unsubscribeInTx(tx, {
      workspaceId: send.workspaceId,
      contactId: send.contactId,
      emailSendId: send.id,
      source: 'complaint',
      reason: kind.complaint.feedbackType === 'opt-out' ? UNSUBSCRIBE_NOTICE_REASON : COMPLAINT_REASON,
      at,
    });
  }
}

type InboundPayload = { from?: string; subject?: string; snippet?: string; threadId?: string };

/** `email.replied`, `email.auto_replied` or `email.bounced` (with the bounce class and code) for the send. */
async function recordInboundEvent(
  tx: Tx,
  kind: InboundKind,
  sendId: string,
  at: Date,
  payload: InboundPayload,
) {
  const message = {
    from: payload.from ?? null,
    subject: payload.subject ?? null,
    snippet: payload.snippet ?? null,
  };
  if (kind.type === 'reply') await recordEmailEvent(tx, 'email.replied', sendId, at, { reply: message });
  else if (kind.type === 'auto_reply')
    await recordEmailEvent(tx, 'email.auto_replied', sendId, at, { reply: message, reason: kind.reason });
  else if (kind.type === 'bounce')
    await recordEmailEvent(tx, 'email.bounced', sendId, at, {
      bounce: { class: kind.bounce.kind, code: kind.bounce.status, diagnostic: kind.bounce.diagnostic },
    });
}

const failedRecipientOf = (kind: InboundKind) =>
  kind.type === 'bounce' ? kind.bounce.recipient : kind.type === 'delay' ? kind.recipient : null;

/** What the Replies page and the contact's timeline show of the message. */
function payloadOf(message: InboundMessage, kind: InboundKind, returnDate: Date | null) {
  const snippet = kind.type === 'reply' ? replyTextOf(message.text) : message.text;
  return {
    gmailMessageId: message.gmailMessageId,
    threadId: message.threadId,
    from: message.from,
    subject: message.subject,
    snippet: (snippet.replace(/\s+/g, ' ').trim() || message.snippet).slice(0, 300),
    ...(kind.type === 'bounce' && { bounce: kind.bounce }),
    ...(kind.type === 'delay' && {
      delay: { status: kind.status, recipient: kind.recipient, diagnostic: kind.diagnostic },
    }),
    ...(kind.type === 'complaint' && { feedbackType: kind.complaint.feedbackType }),
    ...((kind.type === 'auto_reply' || kind.type === 'unclassified') && { reason: kind.reason }),
    ...(returnDate && { outOfOfficeUntil: returnDate.toISOString() }),
  };
}
