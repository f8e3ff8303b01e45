import type { Clock } from '../clock';
import type {
  ArrivedMessage,
  HeldThreads,
  MailboxRead,
  MailboxSession,
  SentMessage,
} from '../mailboxes/mail-provider';
import { type GmailApi, GmailApiError, type GmailMessage, type GmailMessageRef } from './gmail-api';

/** A resync reads at most this many messages. */
const RESYNC_MAX_MESSAGES = 2000;

/** A message deleted between the history record and the fetch is simply gone (404). */
async function getMessageIfThere(api: GmailApi, id: string) {
  try {
    return await api.getMessage(id, 'raw');
  } catch (error) {
    if (error instanceof GmailApiError && error.status === 404) return null;
    throw error;
  }
}

function arrivedFrom(message: GmailMessage): ArrivedMessage {
  return {
    providerMessageId: message.id,
    threadId: message.threadId,
    raw: Buffer.from(message.raw ?? '', 'base64url'),
    receivedAt: new Date(Number(message.internalDate ?? 0)),
    snippet: message.snippet ?? '',
    sentByMailbox: (message.labelIds ?? []).includes('SENT'),
  };
}

async function fetchAll(api: GmailApi, ids: string[], skipSent = false): Promise<ArrivedMessage[]> {
  const arrived: ArrivedMessage[] = [];
  for (const id of ids) {
    const message = await getMessageIfThere(api, id);
    if (!message || (skipSent && (message.labelIds ?? []).includes('SENT'))) continue;
    arrived.push(arrivedFrom(message));
  }
  return arrived;
}

/**
 * Ids of messages added since `startHistoryId` (users.history.list), oldest first. What the mailbox sent
 * itself is skipped, except in threads the Inbox holds; drafts always are.
 */
async function addedSince(api: GmailApi, startHistoryId: string, heldThreads?: HeldThreads) {
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
  const held = heldThreads ? await heldThreads(sent.map((message) => message.threadId)) : new Set();
  for (const message of sent) if (held.has(message.threadId)) ids.add(message.id);
  return { ids: [...ids], historyId };
}

/** messages.list back to `since` (at most RESYNC_MAX_MESSAGES), oldest first; sent messages are left out. */
async function listSince(api: GmailApi, since: Date): Promise<string[]> {
  const q = `after:${Math.floor(since.getTime() / 1000)}`;
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await api.listMessages({ q, maxResults: 500, pageToken });
    ids.push(...(page.messages ?? []).map((message) => message.id));
    pageToken = page.nextPageToken;
  } while (pageToken && ids.length < RESYNC_MAX_MESSAGES);
  return ids.slice(0, RESYNC_MAX_MESSAGES).reverse();
}

/**
 * A Gmail mailbox as the one MailboxSession: threads are Gmail's threadId; the cursor is the mailbox's
 * history id, which Gmail forgets after about a week (404), when the mailbox is read again back to `since`.
 */
export function gmailSession(api: GmailApi, clock: Clock): MailboxSession {
  async function findSent(messageId: string): Promise<SentMessage | null> {
    const bare = messageId.replace(/^<|>$/g, '');
    const list = await api.listMessages({ q: `rfc822msgid:${bare}`, maxResults: 1 });
    const found = list.messages?.[0];
    if (!found) return null;
    const message = await api.getMessage(found.id, 'minimal');
    const internal = Number(message.internalDate);
    return {
      providerMessageId: found.id,
      threadId: found.threadId,
      sentAt: Number.isFinite(internal) && internal > 0 ? new Date(internal) : clock.now(),
    };
  }

  return {
    async send(message) {
      const sent = await api.send(message.raw.toString('base64url'), message.threadId);
      return { providerMessageId: sent.id, threadId: sent.threadId };
    },

    async readSince(cursor, since, heldThreads): Promise<MailboxRead> {
      if (!cursor) return { mode: 'start', messages: [], cursor: (await api.getProfile()).historyId };
      try {
        const { ids, historyId } = await addedSince(api, cursor, heldThreads);
        return { mode: 'incremental', messages: await fetchAll(api, ids), cursor: historyId };
      } catch (error) {
        if (!(error instanceof GmailApiError) || error.status !== 404) throw error;
      }
      // Take the cursor first: anything arriving during the resync is seen by the next history read.
      const { historyId } = await api.getProfile();
      const from = since ?? new Date(clock.now().getTime() - 7 * 24 * 3600_000);
      return {
        mode: 'resync',
        messages: await fetchAll(api, await listSince(api, from), true),
        cursor: historyId,
      };
    },

    async fetchRaw(providerMessageId) {
      const message = await getMessageIfThere(api, providerMessageId);
      return message ? Buffer.from(message.raw ?? '', 'base64url') : null;
    },

    findSent,

    async listIdentities() {
      const sendAs = await api.listSendAs();
      return sendAs.map((address) => ({
        email: address.sendAsEmail.toLowerCase(),
        displayName: address.displayName || null,
        isDefault: address.isDefault ?? false,
        verified: address.isPrimary === true || address.verificationStatus === 'accepted',
      }));
    },
  };
}
