import { randomBytes } from 'node:crypto';
import { addressOfKey, identityFor } from './identities';
import { newGmailId, type SandboxStore } from './sandbox-store';

/**
 * A message the mailbox sent before it was ever connected, dated `sentAt`: what gives a mailbox its age
 * (its oldest sent mail). Creates the mailbox of this key if it does not exist yet, so a test or a demo
 * can give a mailbox years of history before connecting it.
 */
export async function addOldSentMail(store: SandboxStore, key: string, sentAt: Date) {
  const address = addressOfKey(key);
  await store.ensureMailbox(key, identityFor(address));
  const id = newGmailId();
  const rfcMessageId = `<${randomBytes(12).toString('hex')}@mail.gmail.com>`;
  const subject = 'Catching up';
  const to = 'colleague@partner.example';
  const raw = [
    `From: ${address}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${rfcMessageId}`,
    `Date: ${sentAt.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    'Good to talk earlier.',
    '',
  ].join('\r\n');
  return store.insertMessage({
    id,
    mailbox: key,
    threadId: id,
    labelIds: ['SENT'],
    raw,
    rfcMessageId,
    fromAddress: address,
    toAddress: to,
    subject,
    snippet: 'Good to talk earlier.',
    internalDate: sentAt,
  });
}
