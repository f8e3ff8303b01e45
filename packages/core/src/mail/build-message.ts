import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

/** What goes into one outgoing email; built into RFC 5322 by nodemailer's MailComposer. */
export interface OutgoingMessage {
  from: { name: string; address: string };
  to: { name?: string | null; address: string };
  subject: string;
  html: string;
  text: string;
  date: Date;
  messageId: string;
  /** An https URL: adds List-Unsubscribe and RFC 8058 List-Unsubscribe-Post (one-click). */
  unsubscribeUrl?: string | null;
  inReplyTo?: string | null;
  references?: string[];
}

/** A Message-ID of our own on the sender's domain: `<time.random@domain>`. */
export function newMessageId(senderAddress: string, now: Date): string {
  const domain = senderAddress.split('@')[1]?.toLowerCase() || 'localhost';
  return `<${now.getTime().toString(36)}.${randomBytes(12).toString('hex')}@${domain}>`;
}

/** Header values never carry line breaks (a subject or name with CR/LF would inject headers). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The message as RFC 5322 bytes: multipart/alternative with the plain-text and HTML parts. */
export async function buildMessage(message: OutgoingMessage): Promise<Buffer> {
  const headers: Record<string, { prepared: true; value: string }> = {};
  if (message.unsubscribeUrl) {
    headers['List-Unsubscribe'] = { prepared: true, value: `<${oneLine(message.unsubscribeUrl)}>` };
    headers['List-Unsubscribe-Post'] = { prepared: true, value: 'List-Unsubscribe=One-Click' };
  }
  const toName = message.to.name ? oneLine(message.to.name) : '';
  const composer = new MailComposer({
    from: { name: oneLine(message.from.name), address: message.from.address },
    to: toName ? { name: toName, address: message.to.address } : message.to.address,
    subject: oneLine(message.subject),
    text: message.text,
    html: message.html,
    date: message.date,
    messageId: message.messageId,
    inReplyTo: message.inReplyTo ?? undefined,
    references: message.references?.length ? message.references : undefined,
    headers,
    textEncoding: 'quoted-printable',
  });
  return composer.compile().build();
}
