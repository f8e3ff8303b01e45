import { contacts, emailSends, trackingEvents } from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { applyReply } from '../engine/apply-reply';
import type { EngineDeps, Tx } from '../engine/engine-deps';
import { stopContactEnrolments } from '../engine/stop-enrolments';
import { classifyInbound, type InboundKind } from './classify-inbound';
import type { InboundMessage } from './inbound-message';
import { pauseOnBounceRate } from './mailbox-health';
import { type MatchedSend, matchSend } from './match-send';

export interface InboundScope {
  userId: string;
  /** The mailbox the message arrived in. */
  accountId: string;
  /** Its own address and send-as aliases: messages from these are not replies. */
  ownAddresses: string[];
}

export interface RecordedInbound {
  type: InboundKind['type'] | 'unrelated';
  emailSendId: string | null;
}

export const hardBounceReason = (status: string) => `Hard bounce (${status})`;
export const COMPLAINT_REASON = 'Marked the email as spam';

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
  if (kind.type === 'own') return { type: 'own', emailSendId: null };
  const now = deps.clock.now();
  const received = message.receivedAt.getTime() > 0 ? message.receivedAt : now;
  const at = received > now ? now : received;
  const send = await deps.db.transaction(async (tx) => {
    const matched = await matchSend(tx, scope, message);
    if (!matched) return null;
    const inserted = await tx
      .insert(trackingEvents)
      .values({
        userId: matched.userId,
        emailSendId: matched.id,
        contactId: matched.contactId,
        type: kind.type,
        flaggedReason: kind.type === 'bounce' && kind.bounce.kind === 'soft' ? 'soft_bounce' : null,
        rawPayload: payloadOf(message, kind),
        dedupeKey: message.gmailMessageId,
        occurredAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: trackingEvents.id });
    if (inserted.length) await actOn(tx, kind, matched, at);
    return matched;
  });
  if (!send) return { type: 'unrelated', emailSendId: null };
  // The engine's reply rule runs in its own transaction; it is idempotent, so a message seen again by a
  // later sync (after a crash between the two) still stops the enrolment.
  if (kind.type === 'reply') await applyReply(deps, { userId: send.userId, emailSendId: send.id, at });
  return { type: kind.type, emailSendId: send.id };
}

async function actOn(tx: Tx, kind: InboundKind, send: MatchedSend, at: Date): Promise<void> {
  if (kind.type === 'reply') {
    await tx
      .update(emailSends)
      .set({ repliedAt: at, updatedAt: at })
      .where(and(eq(emailSends.id, send.id), isNull(emailSends.repliedAt)));
  } else if (kind.type === 'bounce' && kind.bounce.kind === 'hard') {
    await tx
      .update(contacts)
      .set({ hardBounced: true, updatedAt: at })
      .where(eq(contacts.id, send.contactId));
    await tx
      .update(emailSends)
      .set({ bouncedAt: at, updatedAt: at })
      .where(and(eq(emailSends.id, send.id), isNull(emailSends.bouncedAt)));
    await stopContactEnrolments(tx, {
      userId: send.userId,
      contactId: send.contactId,
      status: 'bounced',
      reason: hardBounceReason(kind.bounce.status),
      at,
    });
    if (send.senderAccountId) await pauseOnBounceRate(tx, send.senderAccountId, at);
  } else if (kind.type === 'complaint') {
    await tx
      .update(contacts)
      .set({ unsubscribed: true, updatedAt: at })
      .where(eq(contacts.id, send.contactId));
    await stopContactEnrolments(tx, {
      userId: send.userId,
      contactId: send.contactId,
      status: 'unsubscribed',
      reason: COMPLAINT_REASON,
      at,
    });
  }
}

/** What the Replies page and the contact's timeline show of the message. */
function payloadOf(message: InboundMessage, kind: InboundKind) {
  return {
    gmailMessageId: message.gmailMessageId,
    threadId: message.threadId,
    from: message.from,
    subject: message.subject,
    snippet: (message.snippet || message.text.replace(/\s+/g, ' ').trim()).slice(0, 300),
    ...(kind.type === 'bounce' && { bounce: kind.bounce }),
    ...(kind.type === 'auto_reply' && { reason: kind.reason }),
  };
}
