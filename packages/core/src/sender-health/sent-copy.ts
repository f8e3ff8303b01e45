import type { ImapFlow } from 'imapflow';
import type { MailboxRow } from '../mailboxes/account-store';
import { closeImap, openImap, sentFolderOf } from '../mailboxes/smtp/imap-mailbox';
import { openSmtpSecret } from '../mailboxes/smtp/smtp-settings';
import { limitsOf, type MailboxHealthDeps } from './sender-health-deps';

/** How many of the newest messages in Sent are looked at for one the mailbox signed. */
const NEWEST = 5;

/**
 * A message the SMTP mailbox really sent, as its server filed it in Sent: the newest of the last few that
 * is not too large, raw, so its DKIM-Signature can be read and verified. Null when there is none, or the
 * IMAP server cannot be read within the time allowed (the DKIM check then says it could not tell).
 */
export async function readSentCopy(deps: MailboxHealthDeps, mailbox: MailboxRow): Promise<Buffer | null> {
  const limits = limitsOf(deps);
  let client: ImapFlow | null = null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      client?.close();
      resolve(null);
    }, limits.sentCopyTimeoutMs);
  });
  const read = (async () => {
    client = await openImap(deps, openSmtpSecret(deps, mailbox).imap);
    try {
      return await newestSent(client, limits.sentCopyMaxBytes);
    } finally {
      await closeImap(client);
    }
  })().catch(() => null);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function newestSent(client: ImapFlow, maxBytes: number): Promise<Buffer | null> {
  const folder = await sentFolderOf(client);
  if (!folder) return null;
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const total = client.mailbox ? client.mailbox.exists : 0;
    if (!total) return null;
    const range = `${Math.max(1, total - NEWEST + 1)}:${total}`;
    const listed: { uid: number; size: number }[] = [];
    for await (const message of client.fetch(range, { uid: true, size: true })) {
      listed.push({ uid: message.uid, size: message.size ?? 0 });
    }
    const chosen = listed.sort((a, b) => b.uid - a.uid).find((message) => message.size <= maxBytes);
    if (!chosen) return null;
    const message = await client.fetchOne(String(chosen.uid), { source: true }, { uid: true });
    return (message || null)?.source ?? null;
  } finally {
    lock.release();
  }
}
