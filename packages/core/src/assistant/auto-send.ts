import type { ConversationDraft } from '@prospector/contracts';
import { gmailAccounts, inboxDrafts, inboxMessages, sequences } from '@prospector/db';
import { and, asc, count, eq, gt, isNotNull, lte, min } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { replyToConversation } from '../inbox/answer-conversation';
import { findConversation } from '../inbox/get-conversation';
import { getAssistantSettings } from './assistant-settings';
import { draftContext } from './draft-context';
import { autoSendRefusal } from './draft-safety';
import { type DraftRow, toConversationDraft } from './draft-view';
import { withinSendingHours } from './sending-hours';

/** The pg-boss queue of auto-send rounds. */
export const ASSISTANT_AUTO_SEND_JOB = 'assistant-auto-send';
const ROUND_BATCH = 50;
const DAY_MS = 24 * 3600_000;
/** A mailbox that is paused or at its limit is tried again this much later. */
const RETRY_MS = 3600_000;

export const PROSPECT_WROTE_AGAIN =
  'The prospect wrote again after this draft; read the thread before sending';
export const NO_SCHEDULED_SEND = 'This conversation has no answer waiting to be sent automatically';

type Outcome = 'sent' | 'held' | 'refused' | 'skipped';

async function postpone(deps: CoreDeps, draft: DraftRow, until: Date): Promise<Outcome> {
  await deps.db
    .update(inboxDrafts)
    .set({ sendAt: until, updatedAt: deps.clock.now() })
    .where(eq(inboxDrafts.id, draft.id));
  return 'held';
}

async function refuse(deps: CoreDeps, draft: DraftRow, reason: string): Promise<Outcome> {
  await deps.db
    .update(inboxDrafts)
    .set({ sendAt: null, refusedReason: reason, updatedAt: deps.clock.now() })
    .where(and(eq(inboxDrafts.id, draft.id), eq(inboxDrafts.status, 'ready')));
  return 'refused';
}

/** When the user's rolling 24-hour cap of automatic answers has room again, or null when it has room now. */
async function capFreesAt(deps: CoreDeps, workspaceId: string, cap: number, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - DAY_MS);
  const [sent] = await deps.db
    .select({ n: count(), oldest: min(inboxDrafts.updatedAt) })
    .from(inboxDrafts)
    .where(
      and(
        eq(inboxDrafts.workspaceId, workspaceId),
        eq(inboxDrafts.sentByAssistant, true),
        gt(inboxDrafts.updatedAt, since),
      ),
    );
  if ((sent?.n ?? 0) < cap) return null;
  return new Date((sent?.oldest ?? now).getTime() + DAY_MS);
}

/** Whether the conversation's mailbox may send now: not paused, past its gap; else when to try again. */
async function mailboxWaitsUntil(deps: CoreDeps, accountId: string | null, now: Date): Promise<Date | null> {
  if (!accountId) return null;
  const [account] = await deps.db
    .select({ pausedAt: gmailAccounts.pausedAt, nextSendAt: gmailAccounts.nextSendAt })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.id, accountId));
  if (account?.pausedAt) return new Date(now.getTime() + RETRY_MS);
  if (account?.nextSendAt && account.nextSendAt > now) return account.nextSendAt;
  return null;
}

/**
 * One due draft: checked again (auto-send still on, the cap, sending hours, the mailbox, the prospect
 * not having written since, nothing unknown in it), then claimed once with a guarded update and sent
 * through the Inbox's reply path. A failed send gives the draft back to the user with the reason.
 */
async function sendDue(deps: CoreDeps, draft: DraftRow, now: Date): Promise<Outcome> {
  const settings = await getAssistantSettings(deps.db, draft.workspaceId);
  if (!settings.autoSend.enabled) return refuse(deps, draft, 'Auto-send was turned off');
  const capFree = await capFreesAt(deps, draft.workspaceId, settings.autoSend.dailyCap, now);
  const context = await draftContext(deps.db, draft.workspaceId, draft.conversationId);
  const [sequence] = context.conversation.sequenceId
    ? await deps.db
        .select({ timezone: sequences.timezone })
        .from(sequences)
        .where(eq(sequences.id, context.conversation.sequenceId))
    : [];
  const timezone = sequence?.timezone ?? 'UTC';
  if (capFree) return postpone(deps, draft, withinSendingHours(capFree, timezone));
  const inHours = withinSendingHours(now, timezone);
  if (inHours > now) return postpone(deps, draft, inHours);
  const mailboxWait = await mailboxWaitsUntil(deps, context.conversation.accountId, now);
  if (mailboxWait) return postpone(deps, draft, withinSendingHours(mailboxWait, timezone));
  const [newer] = await deps.db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(
      and(
        eq(inboxMessages.conversationId, draft.conversationId),
        eq(inboxMessages.direction, 'in'),
        gt(inboxMessages.sentAt, draft.createdAt),
      ),
    )
    .limit(1);
  if (newer) return refuse(deps, draft, PROSPECT_WROTE_AGAIN);
  const refusal = autoSendRefusal(draft.textBody, context.known, context.latestInboundText);
  if (refusal) return refuse(deps, draft, refusal);

  const claimed = await deps.db
    .update(inboxDrafts)
    .set({ status: 'sent', sentByAssistant: true, updatedAt: now })
    .where(and(eq(inboxDrafts.id, draft.id), eq(inboxDrafts.status, 'ready'), lte(inboxDrafts.sendAt, now)))
    .returning({ id: inboxDrafts.id });
  if (!claimed.length) return 'skipped';
  try {
    const message = await replyToConversation(deps, draft.workspaceId, draft.conversationId, {
      text: draft.textBody,
    });
    await deps.db.update(inboxDrafts).set({ sentMessageId: message.id }).where(eq(inboxDrafts.id, draft.id));
    return 'sent';
  } catch (error) {
    const limited = error instanceof AppError && error.code === 'QUOTA_EXCEEDED';
    await deps.db
      .update(inboxDrafts)
      .set({
        status: 'ready',
        sentByAssistant: false,
        sendAt: limited ? new Date(now.getTime() + RETRY_MS) : null,
        refusedReason: limited ? null : error instanceof AppError ? error.message : 'Sending failed',
        updatedAt: now,
      })
      .where(eq(inboxDrafts.id, draft.id));
    return limited ? 'held' : 'refused';
  }
}

/** One auto-send round: every draft whose time has come, oldest first. */
export async function runAutoSendRound(deps: CoreDeps): Promise<Record<Outcome, number>> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(inboxDrafts)
    .where(and(eq(inboxDrafts.status, 'ready'), isNotNull(inboxDrafts.sendAt), lte(inboxDrafts.sendAt, now)))
    .orderBy(asc(inboxDrafts.sendAt))
    .limit(ROUND_BATCH);
  const outcome: Record<Outcome, number> = { sent: 0, held: 0, refused: 0, skipped: 0 };
  for (const draft of due) outcome[await sendDue(deps, draft, now)] += 1;
  return outcome;
}

/** POST /api/inbox/conversations/{id}/draft/cancel-send: the draft stays, for the user to send or not. */
export async function cancelAutoSend(
  deps: CoreDeps,
  workspaceId: string,
  conversationId: string,
): Promise<ConversationDraft> {
  const conversation = await findConversation(deps.db, workspaceId, conversationId);
  const [row] = await deps.db
    .update(inboxDrafts)
    .set({ sendAt: null, updatedAt: deps.clock.now() })
    .where(
      and(
        eq(inboxDrafts.conversationId, conversation.id),
        eq(inboxDrafts.status, 'ready'),
        isNotNull(inboxDrafts.sendAt),
      ),
    )
    .returning();
  if (!row) throw new AppError('NOT_FOUND', NO_SCHEDULED_SEND);
  return toConversationDraft(row);
}
