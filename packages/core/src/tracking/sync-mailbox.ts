import { gmailAccounts, gmailAliases } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type { EngineDeps } from '../engine/engine-deps';
import { threadsWithConversations } from '../inbox/conversation-threads';
import type { MailboxRow } from '../mailboxes/account-store';
import type { ArrivedMessage, MailboxRead } from '../mailboxes/mail-provider';
import { mailProviderFor } from '../mailboxes/providers';
import { markedTooLarge, parseInbound } from './inbound-message';
import { type InboundScope, type RecordedInbound, recordInboundMessage } from './record-inbound';

/** A resync reads back this far before the last successful read (clock skew, late delivery)... */
const RESYNC_MARGIN_MS = 3600_000;
/** ...a mailbox never read is resynced over the last week... */
const RESYNC_DEFAULT_WINDOW_MS = 7 * 24 * 3600_000;
/**
 * ...one read before is resynced back to its last read, however long ago (a mailbox left unread past the
 * week must not miss what arrived at the start of it), within this bound.
 */
const RESYNC_MAX_WINDOW_MS = 60 * 24 * 3600_000;

export interface MailboxSync {
  accountId: string;
  /** 'start': the first read only takes the cursor; 'resync': the provider had forgotten the cursor. */
  mode: MailboxRead['mode'];
  recorded: RecordedInbound[];
}

/**
 * One read of a mailbox through its provider: every message that arrived since its stored cursor is
 * recorded, then the new cursor is stored. The first read only takes the cursor. When the provider no
 * longer knows the cursor, the mailbox is read back to its last successful read. Recording is idempotent
 * (by provider message id), so a read cut short is simply repeated by the next one and nothing counts twice.
 */
export async function syncMailbox(deps: EngineDeps, account: MailboxRow): Promise<MailboxSync> {
  return mailProviderFor(account).withSession(deps, account, async (session) => {
    const scope = await scopeOf(deps, account);
    const heldThreads = (threadIds: string[]) => threadsWithConversations(deps.db, scope, threadIds);
    const read = await session.readSince(account.lastHistoryId, resyncSince(deps, account), heldThreads);
    const recorded: RecordedInbound[] = [];
    for await (const message of read.messages) {
      recorded.push(await recordInboundMessage(deps, scope, await inboundOf(message)));
    }
    await saveCursor(deps, account.id, read.cursor);
    return { accountId: account.id, mode: read.mode, recorded };
  });
}

/** How far back a resync reads: to the last successful read (less a margin), within bounds. */
function resyncSince(deps: EngineDeps, account: MailboxRow): Date {
  const now = deps.clock.now().getTime();
  const from = account.lastSyncedAt
    ? account.lastSyncedAt.getTime() - RESYNC_MARGIN_MS
    : now - RESYNC_DEFAULT_WINDOW_MS;
  return new Date(Math.max(from, now - RESYNC_MAX_WINDOW_MS));
}

/** A message as the one inbound classifier reads it, whichever provider it came from. */
async function inboundOf(message: ArrivedMessage) {
  const inbound = await parseInbound(message.raw, {
    gmailMessageId: message.providerMessageId,
    threadId: message.threadId,
    labelIds: message.sentByMailbox ? ['SENT'] : [],
    snippet: message.snippet,
    receivedAt: message.receivedAt,
  });
  return message.tooLargeBytes ? markedTooLarge(inbound, message.tooLargeBytes) : inbound;
}

async function scopeOf(deps: EngineDeps, account: MailboxRow): Promise<InboundScope> {
  const aliases = await deps.db
    .select({ email: gmailAliases.sendAsEmail })
    .from(gmailAliases)
    .where(eq(gmailAliases.accountId, account.id));
  return {
    workspaceId: account.workspaceId,
    accountId: account.id,
    ownAddresses: [account.email, ...aliases.map((alias) => alias.email)],
  };
}

async function saveCursor(deps: EngineDeps, accountId: string, cursor: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(gmailAccounts)
    .set({ lastHistoryId: cursor, lastSyncedAt: now, updatedAt: now })
    .where(eq(gmailAccounts.id, accountId));
}
