import type { MailServerSettings } from '@prospector/contracts';
import { ImapFlow } from 'imapflow';
import type { CoreDeps } from '../../deps';
import type { ArrivedMessage, MailboxRead } from '../mail-provider';
import { resolveMailHost } from './mail-server-address';
import { MAIL_CONNECT_TIMEOUT_MS, MAIL_SOCKET_TIMEOUT_MS } from './smtp-transport';
import { headerMessageIds, threadIdOf } from './thread-of-message';

const SENT_NAMES = ['sent', 'sent items', 'sent messages', 'sent mail', 'inbox.sent'];

/**
 * How quiet a watching connection may stay: imapflow answers a silent IDLE with DONE and a NOOP, then IDLEs
 * again, well inside RFC 2177's 29 minutes after which a server may log an idle client out; a server that
 * does not answer the NOOP closes the connection.
 */
const WATCH_SOCKET_TIMEOUT_MS = 5 * 60_000;

/**
 * A logged-in IMAP connection to the checked address of the user's server (the host name kept for TLS).
 * A `watch` connection IDLEs by itself as soon as a folder is open and it has nothing else to do.
 */
export async function openImap(
  deps: CoreDeps,
  server: MailServerSettings,
  options: { watch?: boolean } = {},
): Promise<ImapFlow> {
  const address = await resolveMailHost(server.host, deps.mailServers?.allowPrivateHosts ?? false);
  const client = new ImapFlow({
    host: address,
    port: server.port,
    secure: server.security === 'tls',
    doSTARTTLS: server.security === 'starttls' ? true : undefined,
    servername: server.host,
    auth: { user: server.username, pass: server.password },
    tls: { minVersion: 'TLSv1.2', ...(deps.mailServers?.ca ? { ca: [deps.mailServers.ca] } : {}) },
    logger: false,
    connectionTimeout: MAIL_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAIL_CONNECT_TIMEOUT_MS,
    ...(options.watch
      ? { socketTimeout: WATCH_SOCKET_TIMEOUT_MS, autoIdleDelay: 0 }
      : { socketTimeout: MAIL_SOCKET_TIMEOUT_MS, disableAutoIdle: true }),
  });
  // A dropped connection is reported by the command that was running; the event must not crash the process.
  client.on('error', () => {});
  await client.connect();
  return client;
}

export async function closeImap(client: ImapFlow): Promise<void> {
  try {
    await client.logout();
  } catch {
    client.close();
  }
}

/** The mailbox's Sent folder: the one marked \Sent (RFC 6154), else one of the usual names, else null. */
export async function sentFolderOf(client: ImapFlow): Promise<string | null> {
  const folders = await client.list();
  const marked = folders.find((f) => f.specialUse === '\\Sent');
  if (marked) return marked.path;
  return folders.find((f) => SENT_NAMES.includes(f.path.toLowerCase()))?.path ?? null;
}

async function sourceOf(client: ImapFlow, uid: number): Promise<Buffer | null> {
  const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
  return (message || null)?.source ?? null;
}

/** The raw source of the message in `folder` with this Message-ID, or null. */
export async function findByMessageId(client: ImapFlow, folder: string, messageId: string) {
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const uids = await client.search({ header: { 'message-id': messageId } }, { uid: true });
    for (const uid of uids || []) {
      const source = await sourceOf(client, uid);
      // SEARCH HEADER matches substrings: the Message-ID must be the whole value.
      if (source && headerMessageIds(source, 'Message-ID')[0] === messageId) return source;
    }
    return null;
  } finally {
    lock.release();
  }
}

/** Files a sent message in Sent, read, as a mail client would. */
export async function appendToSent(client: ImapFlow, folder: string, raw: Buffer, at: Date): Promise<void> {
  await client.append(folder, raw, ['\\Seen'], at);
}

/** `<UIDVALIDITY>:<last UID seen>` */
const formatCursor = (uidValidity: bigint | number, lastUid: number) => `${uidValidity}:${lastUid}`;

function parseCursor(cursor: string | null): { uidValidity: string; lastUid: number } | null {
  const match = cursor ? /^(\d+):(\d+)$/.exec(cursor) : null;
  return match ? { uidValidity: match[1]!, lastUid: Number(match[2]) } : null;
}

/**
 * An arrived message's id is its Message-ID: UIDs are renumbered when UIDVALIDITY changes, while the
 * Message-ID stays with the message, so a resync records nothing twice. A message without one (rare,
 * malformed) falls back to `<UIDVALIDITY>:<UID>`.
 */
function toArrived(uidValidity: bigint | number, uid: number, raw: Buffer, receivedAt: Date): ArrivedMessage {
  const providerMessageId = headerMessageIds(raw, 'Message-ID')[0] ?? formatCursor(uidValidity, uid);
  return {
    providerMessageId,
    threadId: threadIdOf(raw, providerMessageId),
    raw,
    receivedAt,
    sentByMailbox: false,
  };
}

/**
 * New messages in INBOX since the cursor. The first read only takes the cursor; a changed UIDVALIDITY
 * reads back to `since` (the last sync) instead.
 */
export async function readInbox(
  client: ImapFlow,
  cursor: string | null,
  since: Date | null,
): Promise<MailboxRead> {
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  try {
    const box = client.mailbox;
    if (!box) throw new Error('INBOX could not be opened');
    const uidValidity = box.uidValidity;
    const lastKnownUid = Math.max(0, (box.uidNext ?? 1) - 1);
    const previous = parseCursor(cursor);
    if (!previous) return { mode: 'start', messages: [], cursor: formatCursor(uidValidity, lastKnownUid) };
    const resync = previous.uidValidity !== String(uidValidity);
    const range = resync
      ? await client.search(since ? { since } : { all: true }, { uid: true })
      : `${previous.lastUid + 1}:*`;
    const messages: ArrivedMessage[] = [];
    let lastUid = resync ? 0 : previous.lastUid;
    if (range && (typeof range === 'string' || range.length > 0)) {
      const uidRange = typeof range === 'string' ? range : range.join(',');
      for await (const message of client.fetch(
        uidRange,
        { uid: true, source: true, internalDate: true },
        { uid: true },
      )) {
        // `n:*` names the last message even when it is older than n.
        if (!resync && message.uid <= previous.lastUid) continue;
        if (!message.source) continue;
        const receivedAt =
          message.internalDate instanceof Date
            ? message.internalDate
            : new Date(String(message.internalDate));
        messages.push(toArrived(uidValidity, message.uid, message.source, receivedAt));
        lastUid = Math.max(lastUid, message.uid);
      }
    }
    return {
      mode: resync ? 'resync' : 'incremental',
      messages,
      cursor: formatCursor(uidValidity, Math.max(lastUid, resync ? lastKnownUid : lastUid)),
    };
  } finally {
    lock.release();
  }
}

/** One INBOX message's source by the id readInbox gave it, or null when it is gone. */
export async function fetchInboxRaw(client: ImapFlow, providerMessageId: string): Promise<Buffer | null> {
  if (providerMessageId.startsWith('<')) return findByMessageId(client, 'INBOX', providerMessageId);
  const id = parseCursor(providerMessageId);
  if (!id) return null;
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  try {
    if (client.mailbox && String(client.mailbox.uidValidity) !== id.uidValidity) return null;
    return sourceOf(client, id.lastUid);
  } finally {
    lock.release();
  }
}
