import { aiCalls } from '../ai-writer/ai-calls';
import type { EngineDeps } from '../engine/engine-deps';
import type { InboundKind } from '../tracking/classify-inbound';
import type { InboundMessage } from '../tracking/inbound-message';
import { replyTextOf } from '../tracking/reply-text';
import { type LeadStatusDecision, leadStatusByRules } from './lead-status-rules';
import { setContactLeadStatus } from './set-lead-status';

const OUT_OF_OFFICE =
  /office|vacation|holiday|leave|absen|abwesen|ausente|congé|urlaub|vacaciones|不在|休暇|休假|nghỉ/i;

/**
 * What the classifier decides for a newly arrived message: rules first; then, for a person's reply that no
 * rule settles, the AI writer when one is configured (a failing writer leaves the status unset).
 */
export async function decideLeadStatus(
  deps: EngineDeps,
  kind: InboundKind,
  message: InboundMessage,
  returnDate: Date | null,
): Promise<LeadStatusDecision | null> {
  if (kind.type === 'auto_reply') {
    if (returnDate || OUT_OF_OFFICE.test(`${message.subject} ${kind.reason}`)) {
      return { status: 'out_of_office', reason: `Automatic reply: ${kind.reason}` };
    }
    return null;
  }
  if (kind.type !== 'reply') return null;
  const byRules = leadStatusByRules(message.text);
  if (byRules) return byRules;
  const writer = deps.aiWriter;
  if (!writer?.classifyReply) return null;
  const classifyReply = writer.classifyReply.bind(writer);
  try {
    const decided = await aiCalls.run(() => classifyReply(replyTextOf(message.text).slice(0, 4000)), {
      patient: true,
    });
    return decided?.status ? { status: decided.status, reason: decided.reason } : null;
  } catch {
    return null;
  }
}

/** Classifies a newly recorded message and sets the contact's status unless the user has set one. */
export async function classifyOnArrival(
  deps: EngineDeps,
  target: { workspaceId: string; contactId: string; emailSendId: string },
  kind: InboundKind,
  message: InboundMessage,
  returnDate: Date | null,
  at: Date,
): Promise<void> {
  const decision = await decideLeadStatus(deps, kind, message, returnDate);
  if (!decision) return;
  await deps.db.transaction((tx) =>
    setContactLeadStatus(tx, {
      ...target,
      status: decision.status,
      source: 'auto',
      reason: decision.reason,
      at,
    }),
  );
}
