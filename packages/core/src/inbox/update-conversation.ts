import type {
  ConversationSummary,
  InboxBulkStatusInput,
  InboxUpdate,
  LeadStatus,
} from '@prospector/contracts';
import { inboxConversations } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { findConversation } from './get-conversation';
import { summaryQuery, toSummary } from './list-conversations';
import { setContactLeadStatus } from './set-lead-status';

/**
 * Marks a conversation read or unread, done or not, and sets its contact's lead status (the user's). Done
 * also marks it read; a later message from the other side brings it back.
 */
export async function updateConversation(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  update: InboxUpdate,
): Promise<ConversationSummary> {
  const conversation = await findConversation(deps.db, workspaceId, id);
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (update.leadStatus !== undefined && conversation.contactId) {
      await setContactLeadStatus(tx, {
        workspaceId,
        contactId: conversation.contactId,
        status: update.leadStatus,
        source: 'user',
        reason: null,
        at,
        emailSendId: conversation.emailSendId,
      });
    }
    const read = update.read ?? (update.done ? true : undefined);
    if (read !== undefined || update.done !== undefined) {
      await tx
        .update(inboxConversations)
        .set({
          ...(read !== undefined && { readAt: read ? at : null }),
          ...(update.done !== undefined && { doneAt: update.done ? at : null }),
          updatedAt: at,
        })
        .where(eq(inboxConversations.id, id));
    }
  });
  const [row] = await summaryQuery(deps.db).where(eq(inboxConversations.id, id));
  return toSummary(row!);
}

/** One lead status for the contacts of many conversations (the user's); unknown ids are skipped. */
export async function setConversationsStatus(
  deps: CoreDeps,
  workspaceId: string,
  input: { conversationIds: string[]; leadStatus: InboxBulkStatusInput['leadStatus'] },
): Promise<{ updated: number }> {
  const rows = await deps.db
    .select({ contactId: inboxConversations.contactId, emailSendId: inboxConversations.emailSendId })
    .from(inboxConversations)
    .where(
      and(
        eq(inboxConversations.workspaceId, workspaceId),
        inArray(inboxConversations.id, input.conversationIds),
      ),
    );
  const at = deps.clock.now();
  const seen = new Set<string>();
  let updated = 0;
  await deps.db.transaction(async (tx) => {
    for (const row of rows) {
      if (!row.contactId || seen.has(row.contactId)) continue;
      seen.add(row.contactId);
      const status = input.leadStatus as LeadStatus | null;
      const change = {
        workspaceId,
        contactId: row.contactId,
        status,
        source: 'user' as const,
        reason: null,
        at,
      };
      if (await setContactLeadStatus(tx, { ...change, emailSendId: row.emailSendId })) updated++;
    }
  });
  return { updated };
}
