import type { AiLanguage, ConversationDraft, InboxMessage } from '@prospector/contracts';
import { type AppDb, inboxDrafts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';

export type DraftRow = typeof inboxDrafts.$inferSelect;

export function toConversationDraft(row: DraftRow): ConversationDraft {
  return {
    draftId: row.id,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    language: row.language as AiLanguage,
    origin: row.origin,
    model: row.model,
    promptVersion: row.promptVersion,
    durationMs: row.durationMs,
    tokens: { prompt: row.promptTokens, completion: row.completionTokens },
    createdAt: row.createdAt.toISOString(),
    sendAt: row.sendAt?.toISOString() ?? null,
    refusedReason: row.refusedReason,
  };
}

/** The conversation's waiting draft, if any (the conversation's owner is checked by the caller). */
export async function readyDraft(db: AppDb, conversationId: string): Promise<ConversationDraft | null> {
  const [row] = await db
    .select()
    .from(inboxDrafts)
    .where(and(eq(inboxDrafts.conversationId, conversationId), eq(inboxDrafts.status, 'ready')));
  return row ? toConversationDraft(row) : null;
}

/** Marks the thread's messages the assistant sent on its own ("sent by the assistant"). */
export async function markAssistantMessages(
  db: AppDb,
  conversationId: string,
  messages: InboxMessage[],
): Promise<InboxMessage[]> {
  const sent = await db
    .select({ messageId: inboxDrafts.sentMessageId })
    .from(inboxDrafts)
    .where(and(eq(inboxDrafts.conversationId, conversationId), eq(inboxDrafts.sentByAssistant, true)));
  const byAssistant = new Set(sent.map((row) => row.messageId));
  return messages.map((message) => ({ ...message, sentByAssistant: byAssistant.has(message.id) }));
}
