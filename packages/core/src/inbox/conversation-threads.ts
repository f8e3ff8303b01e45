import { type AppDb, inboxConversations } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';

/** Which of these Gmail threads of a mailbox have a conversation in the Inbox. */
export async function threadsWithConversations(
  db: AppDb,
  scope: { workspaceId: string; accountId: string },
  threadIds: string[],
): Promise<Set<string>> {
  if (!threadIds.length) return new Set();
  const rows = await db
    .select({ threadId: inboxConversations.gmailThreadId })
    .from(inboxConversations)
    .where(
      and(
        eq(inboxConversations.workspaceId, scope.workspaceId),
        eq(inboxConversations.accountId, scope.accountId),
        inArray(inboxConversations.gmailThreadId, [...new Set(threadIds)]),
      ),
    );
  return new Set(rows.map((row) => row.threadId));
}
