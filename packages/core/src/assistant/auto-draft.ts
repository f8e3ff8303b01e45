import type { AssistantStatus } from '@prospector/contracts';
import { contacts, inboxConversations, inboxDrafts, sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { EngineDeps } from '../engine/engine-deps';
import type { InboundKind } from '../tracking/classify-inbound';
import type { InboundMessage } from '../tracking/inbound-message';
import { replyTextOf } from '../tracking/reply-text';
import { getAssistantSettings } from './assistant-settings';
import { writeDraft } from './draft-answer';
import { autoSendRefusal } from './draft-safety';
import { withinSendingHours } from './sending-hours';

/** Statuses that never get an automatic draft, whatever the reply says. */
const NEVER = new Set(['not_interested', 'unsubscribe_request', 'out_of_office', 'wrong_person']);
const ASKS = /[?？]|\b(how|what|when|where|which|who|why|can you|could you|do you|is there)\b/i;

/**
 * Why a reply may get an automatic draft: its lead status (Interested, Meeting booked) and whether it asks
 * something; none for the statuses that never get one.
 */
export function assistantReasonsOf(leadStatus: string | null, replyText: string): AssistantStatus[] {
  if (leadStatus && NEVER.has(leadStatus)) return [];
  const reasons: AssistantStatus[] = [];
  if (leadStatus === 'interested' || leadStatus === 'meeting_booked') reasons.push(leadStatus);
  if (ASKS.test(replyText)) reasons.push('question');
  return reasons;
}

const chosen = (statuses: AssistantStatus[], reasons: AssistantStatus[]) =>
  reasons.some((reason) => statuses.includes(reason));

/**
 * After a person's reply is recorded and classified: a draft at once when the user asked for automatic
 * drafts for its status (never for bounces, automatic replies, unsubscribe requests or Not interested),
 * and, when auto-send is allowed for that status and the draft passes its checks, the time it goes out.
 * A writer that fails leaves no draft; the reply itself is already stored.
 */
export async function draftOnArrival(
  deps: EngineDeps,
  thread: { workspaceId: string; accountId: string; threadId: string },
  kind: InboundKind,
  message: InboundMessage,
): Promise<void> {
  if (kind.type !== 'reply' || !deps.aiWriter?.draftAnswer) return;
  const settings = await getAssistantSettings(deps.db, thread.workspaceId);
  if (!settings.autoDraftStatuses.length && !settings.autoSend.enabled) return;
  const [row] = await deps.db
    .select({
      id: inboxConversations.id,
      leadStatus: contacts.leadStatus,
      unsubscribed: contacts.unsubscribed,
      timezone: sequences.timezone,
    })
    .from(inboxConversations)
    .innerJoin(contacts, eq(contacts.id, inboxConversations.contactId))
    .leftJoin(sequences, eq(sequences.id, inboxConversations.sequenceId))
    .where(
      and(
        eq(inboxConversations.workspaceId, thread.workspaceId),
        eq(inboxConversations.accountId, thread.accountId),
        eq(inboxConversations.gmailThreadId, thread.threadId),
      ),
    );
  if (!row || row.unsubscribed) return;
  const reasons = assistantReasonsOf(row.leadStatus, replyTextOf(message.text));
  const sends = settings.autoSend.enabled && chosen(settings.autoSend.statuses, reasons);
  if (!sends && !chosen(settings.autoDraftStatuses, reasons)) return;
  let written: Awaited<ReturnType<typeof writeDraft>>;
  try {
    written = await writeDraft(deps, thread.workspaceId, row.id, { origin: 'auto', instruction: undefined });
  } catch {
    return;
  }
  if (!sends) return;
  const { row: draft, context } = written;
  const refusal = autoSendRefusal(draft.textBody, context.known, context.latestInboundText);
  const due = new Date(deps.clock.now().getTime() + settings.autoSend.delayMinutes * 60_000);
  await deps.db
    .update(inboxDrafts)
    .set(
      refusal
        ? { refusedReason: refusal }
        : { sendAt: withinSendingHours(due, row.timezone ?? 'UTC'), refusedReason: null },
    )
    .where(eq(inboxDrafts.id, draft.id));
}
