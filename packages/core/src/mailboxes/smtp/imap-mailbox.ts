import type { MailServerSettings } from '@prospector/contracts';
import { ImapFlow } from 'imapflow';
import type { CoreDeps } from '../../deps';
import type { ArrivedMessage, MailboxRead } from '../mail-provider';
import { resolveMailHost } from './mail-server-address';
import { MAIL_CONNECT_TIMEOUT_MS, MAIL_SOCKET_TIMEOUT_MS } from './smtp-transport';
import { headerMessageIds, threadIdOf } from './thread-of-message';

/** A message over this size is read only up to `INBOX_MESSAGE_START_BYTES`: a reply is far smaller. */
export const INBOX_MESSAGE_MAX_BYTES = 4 * 1024 * 1024;
/** What is read of a message too large: its headers and the start of its first part. */
export const INBOX_MESSAGE_START_BYTES = 256 * 1024;
/** How long reading one message may take, however slowly the server sends it. */
export const INBOX_MESSAGE_READ_MS = 60_000;
/**
 * What one server answer may hold: a message read in full plus room for the framing; a larger literal or
 * answer ends the connection before it is held in memory.
 */
const MAX_LITERAL_BYTES = INBOX_MESSAGE_MAX_BYTES + 64 * 1024;
const MAX_LINE_BYTES = 8 * 1024 * 1024;

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
    maxLiteralSize: MAX_LITERAL_BYTES,
    maxResponseSize: MAX_LITERAL_BYTES + MAX_LINE_BYTES,
    maxLineLength: MAX_LINE_BYTES,
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

/** One new message as first listed: its UID, size and arrival, not its content. */
interface Listed {
  uid: number;
  size: number;
  receivedAt: Date;
}

/**
 * New messages in INBOX since the cursor. The first read only takes the cursor; a changed UIDVALIDITY
 * reads back to `since` (the last sync) instead. The new messages are listed first (UID, size, date), then
 * read one at a time as they are recorded, each within `INBOX_MESSAGE_READ_MS`: one over
 * `INBOX_MESSAGE_MAX_BYTES` is read only up to `INBOX_MESSAGE_START_BYTES` (its headers and first part).
 */
export async function readInbox(
  client: ImapFlow,
  cursor: string | null,
  since: Date | null,
): Promise<MailboxRead> {
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  let listed: Listed[];
  let uidValidity: bigint | number;
  let lastKnownUid: number;
  let resync: boolean;
  let previous: ReturnType<typeof parseCursor>;
  try {
    const box = client.mailbox;
    if (!box) throw new Error('INBOX could not be opened');
    uidValidity = box.uidValidity;
    lastKnownUid = Math.max(0, (box.uidNext ?? 1) - 1);
    previous = parseCursor(cursor);
    if (!previous) return { mode: 'start', messages: [], cursor: formatCursor(uidValidity, lastKnownUid) };
    resync = previous.uidValidity !== String(uidValidity);
    listed = await listNew(client, previous.lastUid, resync, since);
  } finally {
    lock.release();
  }
  const lastUid = Math.max(resync ? 0 : previous.lastUid, ...listed.map((message) => message.uid));
  return {
    mode: resync ? 'resync' : 'incremental',
    messages: listed.length === 0 ? [] : readListed(client, uidValidity, listed),
    cursor: formatCursor(uidValidity, Math.max(lastUid, resync ? lastKnownUid : lastUid)),
  };
}

async function listNew(
  client: ImapFlow,
  lastUid: number,
  resync: boolean,
  since: Date | null,
): Promise<Listed[]> {
  const range = resync
    ? await client.search(since ? { since } : { all: true }, { uid: true })
    : `${lastUid + 1}:*`;
  if (!range || (typeof range !== 'string' && range.length === 0)) return [];
  const uidRange = typeof range === 'string' ? range : range.join(',');
  const listed: Listed[] = [];
  for await (const message of client.fetch(
    uidRange,
    { uid: true, size: true, internalDate: true },
    { uid: true },
  )) {
    // `n:*` names the last message even when it is older than n.
    if (!resync && message.uid <= lastUid) continue;
    const date = message.internalDate;
    listed.push({
      uid: message.uid,
      size: message.size ?? 0,
      receivedAt: date instanceof Date ? date : new Date(String(date)),
    });
  }
  return listed;
}

async function* readListed(
  client: ImapFlow,
  uidValidity: bigint | number,
  listed: Listed[],
): AsyncGenerator<ArrivedMessage> {
  for (const message of listed) {
    const tooLarge = message.size > INBOX_MESSAGE_MAX_BYTES;
    const raw = await readOne(client, message.uid, tooLarge);
    if (!raw) continue;
    const arrived = toArrived(uidValidity, message.uid, raw, message.receivedAt);
    yield tooLarge ? { ...arrived, tooLargeBytes: message.size } : arrived;
  }
}

/** One message's source (only its start when it is too large), within its deadline; null when it is gone. */
async function readOne(client: ImapFlow, uid: number, startOnly: boolean): Promise<Buffer | null> {
  const source = startOnly ? { maxLength: INBOX_MESSAGE_START_BYTES } : true;
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  let late = false;
  const deadline = setTimeout(() => {
    late = true;
    client.close();
  }, INBOX_MESSAGE_READ_MS);
  try {
    const message = await client.fetchOne(String(uid), { uid: true, source }, { uid: true });
    return (message || null)?.source ?? null;
  } catch (error) {
    throw late ? new Error(`Reading one message took longer than ${INBOX_MESSAGE_READ_MS / 1000} s`) : error;
  } finally {
    clearTimeout(deadline);
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
