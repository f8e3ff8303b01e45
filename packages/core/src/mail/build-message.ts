import { randomBytes } from 'node:crypto';
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import qp from 'nodemailer/lib/qp/index.js';
import { angled, encodedWords, headerLine, mailbox, mailDate, oneLine, referenceList } from './mime-headers';

/** What goes into one outgoing email. */
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
  /**
   * RFC 2919 List-Id, `<label.domain>`, of the sequence the email belongs to: with List-Unsubscribe it
   * makes the list headers whole (a List-Unsubscribe alone on a short email costs it a point with
   * SpamAssassin, LIST_PARTIAL_SHORT_MSG).
   */
  listId?: string | null;
  inReplyTo?: string | null;
  references?: string[];
}

/** A Message-ID of our own on the sender's domain: `<time.random@domain>`. */
export function newMessageId(senderAddress: string, now: Date): string {
  const domain = senderAddress.split('@')[1]?.toLowerCase() || 'localhost';
  return `<${now.getTime().toString(36)}.${randomBytes(12).toString('hex')}@${domain}>`;
}

interface Part {
  type: 'text/plain' | 'text/html';
  content: string;
}

/** A text part's headers and body: 7bit when it is plain ASCII in short lines, else quoted-printable. */
function partLines(part: Part): { headers: string[]; body: string } {
  const plain = mimeFuncs.isPlainText(part.content) && !mimeFuncs.hasLongerLines(part.content, 76);
  return {
    headers: [
      headerLine('Content-Type', `${part.type}; charset=utf-8`),
      headerLine('Content-Transfer-Encoding', plain ? '7bit' : 'quoted-printable'),
    ],
    body: plain ? part.content : qp.wrap(qp.encode(part.content), 76),
  };
}

/**
 * The message as RFC 5322 bytes: multipart/alternative with the plain-text and HTML parts (the one part
 * alone when the other is empty, an empty text/plain body when both are). The same bytes, header order
 * and encodings as nodemailer's MailComposer (whose header and quoted-printable encoders it uses), but
 * written straight out rather than streamed through a MIME node tree: this runs for every email sent.
 */
export async function buildMessage(message: OutgoingMessage): Promise<Buffer> {
  const headers: string[] = [];
  if (message.unsubscribeUrl) {
    headers.push(`List-Unsubscribe: <${oneLine(message.unsubscribeUrl)}>`);
    headers.push('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  }
  if (message.listId) headers.push(headerLine('List-Id', angled(message.listId)));
  headers.push(headerLine('From', mailbox(message.from.address, oneLine(message.from.name))));
  const toName = message.to.name ? oneLine(message.to.name) : '';
  headers.push(headerLine('To', mailbox(message.to.address, toName)));
  if (message.inReplyTo) headers.push(headerLine('In-Reply-To', angled(message.inReplyTo)));
  if (message.references?.length) headers.push(headerLine('References', referenceList(message.references)));
  const subject = oneLine(message.subject);
  if (subject) headers.push(headerLine('Subject', encodedWords(subject)));
  headers.push(headerLine('Message-ID', angled(message.messageId)));
  headers.push(headerLine('Date', mailDate(message.date)));

  const parts: Part[] = [];
  if (message.text) parts.push({ type: 'text/plain', content: message.text });
  if (message.html) parts.push({ type: 'text/html', content: message.html });
  if (parts.length === 0) {
    headers.push('MIME-Version: 1.0', 'Content-Type: text/plain');
    return Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'utf8');
  }
  if (parts.length === 1) {
    const only = partLines(parts[0] as Part);
    const [contentType, encoding] = only.headers as [string, string];
    headers.push(encoding, 'MIME-Version: 1.0', contentType);
    return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${withLastNewline(only.body)}`, 'utf8');
  }
  const boundary = `--_NmP-${randomBytes(8).toString('hex')}-Part_1`;
  headers.push(
    'MIME-Version: 1.0',
    headerLine('Content-Type', `multipart/alternative; boundary="${boundary}"`),
  );
  const body = parts
    .map((part) => {
      const lines = partLines(part);
      return `--${boundary}\r\n${lines.headers.join('\r\n')}\r\n\r\n${lines.body}`;
    })
    .join('\r\n');
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}\r\n--${boundary}--\r\n`, 'utf8');
}

/** The message ends with a line break, as nodemailer ends every message. */
function withLastNewline(body: string): string {
  if (body.endsWith('\n')) return body;
  return body.endsWith('\r') ? `${body}\n` : `${body}\r\n`;
}
