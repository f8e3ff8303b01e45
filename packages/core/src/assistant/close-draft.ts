import { inboxDrafts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

/**
 * The user answered the conversation (from the draft or not): its waiting draft is closed as sent and
 * will never be auto-sent.
 */
export async function closeDraftAfterAnswer(
  deps: CoreDeps,
  conversationId: string,
  messageId: string,
): Promise<void> {
  await deps.db
    .update(inboxDrafts)
    .set({ status: 'sent', sentMessageId: messageId, updatedAt: deps.clock.now() })
    .where(and(eq(inboxDrafts.conversationId, conversationId), eq(inboxDrafts.status, 'ready')));
}
