import { type AppDb, inboxConversations, inboxDrafts } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';

/** Email Sending's rows whose reply the assistant answered on its own get `assistantAnswered`. */
export async function markAssistantAnswered<T extends { id: string }>(
  db: AppDb,
  workspaceId: string,
  rows: T[],
): Promise<(T & { assistantAnswered?: true })[]> {
  if (!rows.length) return rows;
  const answered = await db
    .selectDistinct({ emailSendId: inboxConversations.emailSendId })
    .from(inboxDrafts)
    .innerJoin(inboxConversations, eq(inboxConversations.id, inboxDrafts.conversationId))
    .where(
      and(
        eq(inboxDrafts.workspaceId, workspaceId),
        eq(inboxDrafts.sentByAssistant, true),
        inArray(
          inboxConversations.emailSendId,
          rows.map((row) => row.id),
        ),
      ),
    );
  const ids = new Set(answered.map((row) => row.emailSendId));
  return rows.map((row) => (ids.has(row.id) ? { ...row, assistantAnswered: true as const } : row));
}
