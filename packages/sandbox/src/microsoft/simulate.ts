import { randomBytes } from 'node:crypto';
import { addressOfKey } from '../google/identities';
import { addressOf, header, parseMime } from '../google/mime';
import type { MessageRow } from '../google/sandbox-store';
import { autoReplyMime, replyMime } from '../google/simulate';
import type { GraphMessageRow, MicrosoftStore } from './microsoft-store';
import { newGraphId } from './microsoft-store';

const CRLF = '\r\n';
const rfcDate = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/** The shape the shared reply and out-of-office builders read. */
const asSent = (row: GraphMessageRow): MessageRow => ({
  id: row.id,
  mailbox: row.mailbox,
  address: addressOfKey(row.mailbox),
  threadId: row.conversationId,
  historyId: String(row.seq),
  labelIds: ['SENT'],
  raw: row.raw,
  rfcMessageId: row.internetMessageId,
  fromAddress: row.fromAddress,
  toAddress: row.toAddress,
  subject: row.subject,
  snippet: '',
  internalDate: row.receivedDateTime,
  openedAt: null,
  repliedAt: null,
  bouncedAt: null,
});

/** Exchange Online's non-delivery report ("Undeliverable:") for a recipient that does not exist. */
export function exchangeBounceMime(original: GraphMessageRow, at: Date): string {
  const recipient = original.toAddress ?? 'unknown@invalid.example';
  const domain = recipient.split('@')[1] ?? 'invalid.example';
  const b = `_${randomBytes(8).toString('hex')}_`;
  const originalHead = original.raw.split(/\r?\n\r?\n/)[0] ?? '';
  return [
    'From: Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@outlook.com>',
    `To: ${addressOfKey(original.mailbox)}`,
    `Subject: Undeliverable: ${original.subject ?? ''}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@outlook.com>`,
    `In-Reply-To: ${original.internetMessageId ?? ''}`,
    `References: ${original.internetMessageId ?? ''}`,
    `Date: ${rfcDate(at)}`,
    'Auto-Submitted: auto-replied',
    'X-MS-Exchange-Message-Is-Ndr: ',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset="us-ascii"',
    '',
    `Your message to ${recipient} couldn't be delivered.`,
    `${recipient.split('@')[0]} wasn't found at ${domain}.`,
    '',
    "Remote server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'",
    `--${b}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns;outlook.com',
    '',
    `Final-Recipient: rfc822;${recipient}`,
    'Action: failed',
    'Status: 5.1.10',
    'Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    '',
    `--${b}`,
    'Content-Type: text/rfc822-headers',
    '',
    originalHead,
    '',
    `--${b}--`,
    '',
  ].join(CRLF);
}

/** Mail from the outside world arriving in the Inbox, in the conversation of a message the mailbox sent. */
export function microsoftSimulators(store: MicrosoftStore, now: () => Date) {
  async function arrive(original: GraphMessageRow, raw: string): Promise<GraphMessageRow> {
    const parsed = await parseMime(raw);
    return store.insertMessage({
      id: newGraphId(),
      mailbox: original.mailbox,
      folder: 'inbox',
      conversationId: original.conversationId,
      internetMessageId: header(parsed.headers, 'message-id') ?? null,
      raw,
      subject: header(parsed.headers, 'subject') ?? null,
      fromAddress: addressOf(header(parsed.headers, 'from'))?.toLowerCase() ?? null,
      toAddress: addressOfKey(original.mailbox),
      receivedDateTime: now(),
    });
  }
  return {
    arrive,
    reply: async (original: GraphMessageRow, text?: string) =>
      arrive(original, await replyMime(asSent(original), now(), text)),
    autoReply: async (original: GraphMessageRow) =>
      arrive(original, await autoReplyMime(asSent(original), now())),
    bounce: (original: GraphMessageRow) => arrive(original, exchangeBounceMime(original, now())),
  };
}
