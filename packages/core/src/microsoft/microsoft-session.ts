import type { Clock } from '../clock';
import {
  type ArrivedMessage,
  type MailboxRead,
  type MailboxSession,
  MailProviderError,
  type SentMessage,
} from '../mailboxes/mail-provider';
import type { GraphClient } from './graph-client';

interface GraphMessage {
  id: string;
  conversationId?: string;
  receivedDateTime?: string;
  sentDateTime?: string;
  '@removed'?: unknown;
}
interface DeltaPage {
  value: GraphMessage[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

const INBOX_DELTA = "/me/mailFolders('inbox')/messages/delta";
const DELTA_SELECT = '$select=id,conversationId,receivedDateTime';
/** sendMail answers before the copy lands in Sent Items: how often, and how long apart, to look for it. */
const SENT_LOOKUPS = 4;
const SENT_LOOKUP_GAP_MS = 1500;

/** Graph's answer to an expired delta token (410 Gone, or 400 with syncStateNotFound). */
const isExpiredCursor = (error: unknown) =>
  error instanceof MailProviderError &&
  (error.options.status === 410 ||
    /syncState(NotFound|Invalid)|resyncRequired/i.test(error.options.code ?? ''));

/** OData string literal: single quotes doubled. */
const odataString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A Microsoft mailbox through Graph, as the one MailboxSession the engine, Inbox and recovery know. */
export function microsoftSession(
  graph: GraphClient,
  clock: Clock,
  sleep: (ms: number) => Promise<void>,
): MailboxSession {
  async function findSent(messageId: string): Promise<SentMessage | null> {
    const filter = encodeURIComponent(`internetMessageId eq ${odataString(messageId)}`);
    const page = await graph.json<{ value: GraphMessage[] }>({
      path: `/me/mailFolders('sentitems')/messages?$filter=${filter}&$select=id,conversationId,sentDateTime`,
    });
    const found = page?.value[0];
    if (!found) return null;
    return {
      providerMessageId: found.id,
      threadId: found.conversationId ?? found.id,
      sentAt: found.sentDateTime ? new Date(found.sentDateTime) : undefined,
    };
  }

  /** Follows nextLinks to the deltaLink; keeps the messages unless only the cursor is wanted. */
  async function walkDelta(start: string, keep: boolean) {
    const found: GraphMessage[] = [];
    let link = start;
    for (;;) {
      const page = await graph.json<DeltaPage>({ path: link });
      if (!page) throw new MailProviderError('microsoft', 'transient', 'The Inbox folder was not found');
      if (keep) found.push(...page.value.filter((m) => !m['@removed']));
      if (page['@odata.deltaLink']) return { found, cursor: page['@odata.deltaLink'] };
      if (!page['@odata.nextLink'])
        throw new MailProviderError('microsoft', 'transient', 'Delta ended without a link');
      link = page['@odata.nextLink'];
    }
  }

  async function arrived(messages: GraphMessage[]): Promise<ArrivedMessage[]> {
    const out: ArrivedMessage[] = [];
    for (const message of messages) {
      const raw = await fetchRaw(message.id);
      if (!raw) continue; // deleted between the delta and now
      out.push({
        providerMessageId: message.id,
        threadId: message.conversationId ?? message.id,
        raw,
        receivedAt: message.receivedDateTime ? new Date(message.receivedDateTime) : clock.now(),
        sentByMailbox: false,
      });
    }
    return out;
  }

  async function fetchRaw(id: string): Promise<Buffer | null> {
    const response = await graph.call({ path: `/me/messages/${encodeURIComponent(id)}/$value` });
    return response ? Buffer.from(await response.arrayBuffer()) : null;
  }

  return {
    async send(message) {
      // The whole MIME, base64, as text/plain: our List-Unsubscribe(-Post), Message-ID and threading
      // headers survive; Graph's JSON form takes only x- headers.
      const response = await graph.call({
        method: 'POST',
        path: '/me/sendMail',
        body: message.raw.toString('base64'),
        contentType: 'text/plain',
      });
      if (!response)
        throw new MailProviderError('microsoft', 'refused', 'The mailbox was not found', { status: 404 });
      // The message is sent: from here nothing may throw, or the caller could send it again.
      for (let lookup = 1; lookup <= SENT_LOOKUPS; lookup++) {
        const sent = await findSent(message.messageId).catch(() => null);
        if (sent) return { ...sent, sentAt: sent.sentAt ?? clock.now() };
        if (lookup < SENT_LOOKUPS) await sleep(SENT_LOOKUP_GAP_MS);
      }
      // Taken but not yet filed: our Message-ID identifies it until the recovery finds it.
      return {
        providerMessageId: message.messageId,
        threadId: message.threadId ?? message.messageId,
        sentAt: clock.now(),
      };
    },

    async readSince(cursor, since): Promise<MailboxRead> {
      if (!cursor) {
        const { cursor: next } = await walkDelta(`${INBOX_DELTA}?${DELTA_SELECT}`, false);
        return { mode: 'start', messages: [], cursor: next };
      }
      try {
        const { found, cursor: next } = await walkDelta(cursor, true);
        return { mode: 'incremental', messages: await arrived(found), cursor: next };
      } catch (error) {
        if (!isExpiredCursor(error)) throw error;
        const from = (since ?? new Date(clock.now().getTime() - 7 * 24 * 3600_000)).toISOString();
        const filter = encodeURIComponent(`receivedDateTime ge ${from}`);
        const { found, cursor: next } = await walkDelta(
          `${INBOX_DELTA}?${DELTA_SELECT}&$filter=${filter}`,
          true,
        );
        return { mode: 'resync', messages: await arrived(found), cursor: next };
      }
    },

    fetchRaw,
    findSent,

    async listIdentities() {
      const me = await graph.json<{
        mail?: string | null;
        userPrincipalName: string;
        displayName?: string | null;
      }>({
        path: '/me?$select=mail,userPrincipalName,displayName',
      });
      if (!me) return [];
      return [
        {
          email: (me.mail ?? me.userPrincipalName).toLowerCase(),
          displayName: me.displayName ?? null,
          isDefault: true,
          verified: true,
        },
      ];
    },
  };
}
