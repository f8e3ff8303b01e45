import type { ClassifiedInbound, InboundMark } from '@prospector/contracts';
import { contacts, emailSends, trackingEvents } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { applyReply } from '../engine/apply-reply';
import type { EngineDeps } from '../engine/engine-deps';
import { reclassifyInboxMessage, setAsideInboxMessage } from '../inbox/store-conversation';
import { isUuid } from '../mailboxes/account-store';
import type { InboundKind } from './classify-inbound';
import { applyInboundEffects } from './record-inbound';
import { replyTextOf } from './reply-text';
import { returnDateOf } from './return-date';

export const INBOUND_MESSAGE_NOT_FOUND = 'Message not found';
/** flagged_reason of an unclassified message the user chose to ignore: it leaves the Replies view. */
export const IGNORED_BY_USER = 'ignored_by_user';
/** The status a bounce marked by the user carries: a permanent failure with no code of its own. */
const USER_BOUNCE_STATUS = '5.0.0';

interface UnclassifiedPayload {
  snippet?: string;
  reason?: string;
  classifiedByUser?: { as: InboundMark; at: string };
  [key: string]: unknown;
}

/** The kind the mark stands for, and what the event's payload records of it. */
function markedKind(
  mark: Exclude<InboundMark, 'ignore'>,
  payload: UnclassifiedPayload,
  email: string,
  at: Date,
) {
  if (mark === 'reply') {
    const snippet = payload.snippet ?? '';
    return { kind: { type: 'reply' } as InboundKind, extra: { snippet: replyTextOf(snippet) || snippet } };
  }
  if (mark === 'auto_reply') {
    const returnDate = returnDateOf(payload.snippet ?? '', at);
    return {
      kind: { type: 'auto_reply', reason: 'Marked by the user' } as InboundKind,
      returnDate,
      extra: returnDate ? { outOfOfficeUntil: returnDate.toISOString() } : {},
    };
  }
  const bounce = {
    kind: 'hard' as const,
    status: USER_BOUNCE_STATUS,
    recipient: email,
    diagnostic: 'Marked as a bounce by the user',
  };
  return { kind: { type: 'bounce', bounce } as InboundKind, extra: { bounce } };
}

/**
 * POST /api/replies/{eventId}/classify: the user marks an unclassified automated message. A reply, an
 * automatic reply or a bounce then does what that message does on arrival (decision 016), through the same
 * code; ignore changes nothing but hides it from the Replies view. The first mark is the only one: the
 * event is locked while it is marked, and a marked event is answered as it stands. 404 for another user's.
 */
export async function classifyInboundByUser(
  deps: EngineDeps,
  workspaceId: string,
  eventId: string,
  mark: InboundMark,
): Promise<ClassifiedInbound> {
  if (!isUuid(eventId)) throw new AppError('NOT_FOUND', INBOUND_MESSAGE_NOT_FOUND);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.id, eventId), eq(trackingEvents.workspaceId, workspaceId)))
      .for('update');
    if (!event?.emailSendId) throw new AppError('NOT_FOUND', INBOUND_MESSAGE_NOT_FOUND);
    const payload = (event.rawPayload ?? {}) as UnclassifiedPayload;
    if (payload.classifiedByUser) {
      return { id: event.id, type: event.type, classifiedAs: payload.classifiedByUser.as, replyTo: null };
    }
    if (event.type !== 'unclassified') {
      throw new AppError('CONFLICT', 'Only an unclassified message can be marked');
    }
    const [send] = await tx
      .select({
        id: emailSends.id,
        workspaceId: emailSends.workspaceId,
        contactId: emailSends.contactId,
        sequenceContactId: emailSends.sequenceContactId,
        senderAccountId: emailSends.senderAccountId,
        sentAt: emailSends.sentAt,
        email: contacts.email,
      })
      .from(emailSends)
      .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
      .where(eq(emailSends.id, event.emailSendId));
    if (!send) throw new AppError('NOT_FOUND', INBOUND_MESSAGE_NOT_FOUND);
    const classifiedByUser = { as: mark, at: now.toISOString() };
    if (mark === 'ignore') {
      await tx
        .update(trackingEvents)
        .set({ flaggedReason: IGNORED_BY_USER, rawPayload: { ...payload, classifiedByUser } })
        .where(eq(trackingEvents.id, event.id));
      await setAsideInboxMessage(tx, event.id, now);
      return { id: event.id, type: event.type, classifiedAs: mark, replyTo: null };
    }
    const { kind, extra, returnDate } = markedKind(mark, payload, send.email, event.occurredAt);
    await tx
      .update(trackingEvents)
      .set({ type: mark, rawPayload: { ...payload, ...extra, classifiedByUser } })
      .where(eq(trackingEvents.id, event.id));
    await applyInboundEffects(tx, kind, send, now, returnDate ?? null, { ...payload, ...extra });
    await reclassifyInboxMessage(tx, event.id, mark);
    return { id: event.id, type: mark, classifiedAs: mark, replyTo: mark === 'reply' ? send : null };
  });
  // As on arrival, the engine's reply rule runs in its own transaction once the event is recorded.
  if (outcome.replyTo) await applyReply(deps, { workspaceId, emailSendId: outcome.replyTo.id, at: now });
  return { id: outcome.id, type: outcome.type, classifiedAs: outcome.classifiedAs };
}
