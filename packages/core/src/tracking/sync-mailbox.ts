import { gmailAccounts, gmailAliases } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type { EngineDeps } from '../engine/engine-deps';
import type { GmailAccountRow } from '../gmail/account-store';
import { withGmail } from '../gmail/account-tokens';
import { type GmailApi, GmailApiError, type GmailMessageRef } from '../gmail/gmail-api';
import { threadsWithConversations } from '../inbox/conversation-threads';
import { inboundFromGmail } from './inbound-message';
import { type InboundScope, type RecordedInbound, recordInboundMessage } from './record-inbound';

/** A full resync looks this far before the last successful sync (clock skew, late delivery). */
const RESYNC_MARGIN_MS = 3600_000;
/** A mailbox never synced is resynced over Gmail's week of history... */
const RESYNC_DEFAULT_WINDOW_MS = 7 * 24 * 3600_000;
/**
 * ...one synced before is resynced back to its last sync, however long ago (a mailbox left unsynced past
 * the week must not miss what arrived at the start of it), within this bound...
 */
const RESYNC_MAX_WINDOW_MS = 60 * 24 * 3600_000;
/** ...and at most this many messages. */
const RESYNC_MAX_MESSAGES = 2000;

export interface MailboxSync {
  accountId: string;
  /** 'start': the first sync only takes the mailbox's current history id; 'resync': history was gone. */
  mode: 'start' | 'history' | 'resync';
  recorded: RecordedInbound[];
}

/**
 * One poll of a mailbox: every message added since its stored history id (users.history.list) is read
 * and recorded; the new history id is stored once all were. The first poll starts from the mailbox's
 * current history id. When Gmail no longer has that history (404), the mailbox is resynced through
 * messages.list back to the last successful sync. Recording is idempotent, so a poll cut short is simply
 * repeated by the next one.
 */
export async function syncMailbox(deps: EngineDeps, account: GmailAccountRow): Promise<MailboxSync> {
  return withGmail(deps, account, async (api) => {
    const scope = await scopeOf(deps, account);
    if (!account.lastHistoryId) {
      const profile = await api.getProfile();
      await saveCursor(deps, account.id, profile.historyId);
      return { accountId: account.id, mode: 'start', recorded: [] };
    }
    try {
      const { ids, historyId } = await addedSince(deps, scope, api, account.lastHistoryId);
      const recorded = await recordAll(deps, api, scope, ids);
      await saveCursor(deps, account.id, historyId);
      return { accountId: account.id, mode: 'history', recorded };
    } catch (error) {
      if (!(error instanceof GmailApiError) || error.status !== 404) throw error;
    }
    // Take the cursor first: anything arriving during the resync is seen by the next history poll.
    const profile = await api.getProfile();
    const recorded = await resync(deps, api, scope, account.lastSyncedAt);
    await saveCursor(deps, account.id, profile.historyId);
    return { accountId: account.id, mode: 'resync', recorded };
  });
}

async function scopeOf(deps: EngineDeps, account: GmailAccountRow): Promise<InboundScope> {
  const aliases = await deps.db
    .select({ email: gmailAliases.sendAsEmail })
    .from(gmailAliases)
    .where(eq(gmailAliases.accountId, account.id));
  return {
    userId: account.userId,
    accountId: account.id,
    ownAddresses: [account.email, ...aliases.map((alias) => alias.email)],
  };
}

/**
 * Ids of messages added since `startHistoryId`, oldest first. What the mailbox sent itself is skipped,
 * except in threads the Inbox holds: an answer written in Gmail directly is shown in its conversation.
 */
async function addedSince(deps: EngineDeps, scope: InboundScope, api: GmailApi, startHistoryId: string) {
  const ids = new Set<string>();
  const sent: GmailMessageRef[] = [];
  let historyId = startHistoryId;
  let pageToken: string | undefined;
  do {
    const page = await api.listHistory(startHistoryId, { pageToken, historyTypes: 'messageAdded' });
    for (const record of page.history ?? []) {
      for (const { message } of record.messagesAdded ?? []) {
        const labels = message.labelIds ?? [];
        if (!labels.includes('SENT') && !labels.includes('DRAFT')) ids.add(message.id);
        else if (!labels.includes('DRAFT')) sent.push(message);
      }
    }
    historyId = page.historyId ?? historyId;
    pageToken = page.nextPageToken;
  } while (pageToken);
  const held = await threadsWithConversations(
    deps.db,
    scope,
    sent.map((message) => message.threadId),
  );
  for (const message of sent) if (held.has(message.threadId)) ids.add(message.id);
  return { ids: [...ids], historyId };
}

async function recordAll(deps: EngineDeps, api: GmailApi, scope: InboundScope, ids: string[]) {
  const recorded: RecordedInbound[] = [];
  for (const id of ids) {
    const message = await getMessageIfThere(api, id);
    if (message) recorded.push(await recordInboundMessage(deps, scope, await inboundFromGmail(message)));
  }
  return recorded;
}

/** A message deleted between the history record and the fetch is simply gone (404). */
async function getMessageIfThere(api: GmailApi, id: string) {
  try {
    return await api.getMessage(id, 'raw');
  } catch (error) {
    if (error instanceof GmailApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * messages.list back to the last sync (within RESYNC_MAX_WINDOW_MS and RESYNC_MAX_MESSAGES messages).
 * Messages recorded before are recognised by their Gmail id and count once.
 */
async function resync(deps: EngineDeps, api: GmailApi, scope: InboundScope, lastSyncedAt: Date | null) {
  const now = deps.clock.now().getTime();
  const from = lastSyncedAt ? lastSyncedAt.getTime() - RESYNC_MARGIN_MS : now - RESYNC_DEFAULT_WINDOW_MS;
  const since = Math.max(from, now - RESYNC_MAX_WINDOW_MS);
  const q = `after:${Math.floor(since / 1000)}`;
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await api.listMessages({ q, maxResults: 500, pageToken });
    ids.push(...(page.messages ?? []).map((message) => message.id));
    pageToken = page.nextPageToken;
  } while (pageToken && ids.length < RESYNC_MAX_MESSAGES);
  const recorded: RecordedInbound[] = [];
  // Oldest first, as history would have given them.
  for (const id of ids.slice(0, RESYNC_MAX_MESSAGES).reverse()) {
    const message = await getMessageIfThere(api, id);
    if (!message || (message.labelIds ?? []).includes('SENT')) continue;
    recorded.push(await recordInboundMessage(deps, scope, await inboundFromGmail(message)));
  }
  return recorded;
}

async function saveCursor(deps: EngineDeps, accountId: string, historyId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(gmailAccounts)
    .set({ lastHistoryId: historyId, lastSyncedAt: now, updatedAt: now })
    .where(eq(gmailAccounts.id, accountId));
}
