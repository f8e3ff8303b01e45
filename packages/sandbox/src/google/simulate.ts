import { randomBytes } from 'node:crypto';
import { addressOf, bodiesOf, encodeWord, header, parseMime, snippetOf } from './mime';
import type { SandboxGoogleOptions } from './options';
import { type MessageRow, newGmailId, type SandboxStore } from './sandbox-store';

const CRLF = '\r\n';
const base64Lines = (text: string) =>
  (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join(CRLF);
const rfcDate = (date: Date) => date.toUTCString().replace('GMT', '+0000');
const boundary = () => `000000000000${randomBytes(10).toString('hex')}`;
/** Gmail's image proxy, which fetches a message's images when its reader opens it. */
const IMAGE_PROXY_AGENT =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const domainOf = (address: string) => address.split('@')[1] ?? 'sandbox.example';

/** A Gmail "Delivery Status Notification (Failure)" for a message to an address that does not exist. */
export function bounceMime(original: MessageRow, at: Date): string {
  const recipient = original.toAddress ?? 'unknown@invalid.example';
  const originalHead = original.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const diagnostic = `550-5.1.1 The email account that you tried to reach does not exist. Please try${CRLF} 550-5.1.1 double-checking the recipient's email address for typos or${CRLF} 550 5.1.1 unnecessary spaces.`;
  const human = [
    '',
    '** Address not found **',
    '',
    `Your message wasn't delivered to ${recipient} because the address couldn't be found, or is unable to receive mail.`,
    '',
    'The response from the remote server was:',
    diagnostic.replace(/\r\n /g, '\n'),
    '',
  ].join('\n');
  const status = [
    `Reporting-MTA: dns; googlemail.com`,
    `Received-From-MTA: dns; ${domainOf(original.address)}`,
    `Arrival-Date: ${rfcDate(original.internalDate)}`,
    `X-Original-Message-ID: ${original.rfcMessageId ?? ''}`,
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Remote-MTA: dns; mx.${domainOf(recipient)}.`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    `Last-Attempt-Date: ${rfcDate(at)}`,
  ].join(CRLF);
  const b = boundary();
  return [
    `Delivered-To: ${original.address}`,
    'Return-Path: <>',
    `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>`,
    `To: ${original.address}`,
    `X-Failed-Recipients: ${recipient}`,
    `Subject: Delivery Status Notification (Failure)`,
    `References: ${original.rfcMessageId ?? ''}`,
    `In-Reply-To: ${original.rfcMessageId ?? ''}`,
    'Auto-Submitted: auto-replied',
    `Message-ID: <${randomBytes(12).toString('hex')}@mx.google.com>`,
    `Date: ${rfcDate(at)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; boundary="${b}"; report-type=delivery-status`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(human),
    `--${b}`,
    'Content-Type: message/delivery-status',
    '',
    status,
    `--${b}`,
    'Content-Type: text/rfc822-headers',
    '',
    originalHead,
    `--${b}--`,
    '',
  ].join(CRLF);
}

/** The recipient's reply, quoting the original, threaded with In-Reply-To and References. */
export async function replyMime(original: MessageRow, at: Date, text?: string): Promise<string> {
  const parsed = await parseMime(original.raw);
  const from = header(parsed.headers, 'to') ?? original.toAddress ?? '';
  const refs = [header(parsed.headers, 'references'), original.rfcMessageId].filter(Boolean).join(' ');
  const subject = original.subject?.match(/^re:/i) ? original.subject : `Re: ${original.subject ?? ''}`;
  const quoted = (bodiesOf(parsed).text ?? '')
    .split(/\r?\n/)
    .map((l) => `> ${l}`)
    .join('\n');
  const body = `${text ?? 'Thanks for reaching out. This sounds interesting; could we talk next week?'}\n\nOn ${rfcDate(original.internalDate)}, ${header(parsed.headers, 'from') ?? original.address} wrote:\n${quoted}\n`;
  return [
    `Delivered-To: ${original.address}`,
    `From: ${from}`,
    `To: ${header(parsed.headers, 'from') ?? original.address}`,
    `Subject: ${encodeWord(subject)}`,
    `In-Reply-To: ${original.rfcMessageId ?? ''}`,
    `References: ${refs}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domainOf(addressOf(from) ?? '')}>`,
    `Date: ${rfcDate(at)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(body),
    '',
  ].join(CRLF);
}

/**
 * The recipient's out-of-office answer, as Outlook's automatic replies look: 'Automatic reply:' subject,
 * RFC 3834 Auto-Submitted and Exchange's X-Auto-Response-Suppress, threaded with In-Reply-To/References.
 */
export async function autoReplyMime(original: MessageRow, at: Date): Promise<string> {
  const parsed = await parseMime(original.raw);
  const from = header(parsed.headers, 'to') ?? original.toAddress ?? '';
  const refs = [header(parsed.headers, 'references'), original.rfcMessageId].filter(Boolean).join(' ');
  const subject = `Automatic reply: ${(original.subject ?? '').replace(/^(re:\s*)+/i, '')}`;
  const body =
    'Thank you for your email. I am out of the office with limited access to email and will reply when I return.\n';
  return [
    `Delivered-To: ${original.address}`,
    `From: ${from}`,
    `To: ${header(parsed.headers, 'from') ?? original.address}`,
    `Subject: ${encodeWord(subject)}`,
    `In-Reply-To: ${original.rfcMessageId ?? ''}`,
    `References: ${refs}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domainOf(addressOf(from) ?? '')}>`,
    `Date: ${rfcDate(at)}`,
    'Auto-Submitted: auto-replied',
    'X-Auto-Response-Suppress: All',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(body),
    '',
  ].join(CRLF);
}

/** The Sandbox Inbox's actions on a sent message: a reply or a bounce arrives, or the recipient opens it. */
export function simulators(options: SandboxGoogleOptions, store: SandboxStore) {
  async function deliver(original: MessageRow, raw: string, labelIds: string[]) {
    const parsed = await parseMime(raw);
    const head = parsed.headers;
    return store.insertMessage({
      id: newGmailId(),
      mailbox: original.mailbox,
      threadId: original.threadId,
      labelIds,
      raw,
      rfcMessageId: header(head, 'message-id') ?? null,
      fromAddress: addressOf(header(head, 'from')) ?? null,
      toAddress: original.address,
      subject: header(head, 'subject') ?? null,
      snippet: snippetOf(bodiesOf(parsed)),
      internalDate: options.clock.now(),
    });
  }

  return {
    async reply(original: MessageRow, text?: string) {
      const at = options.clock.now();
      const row = await deliver(original, await replyMime(original, at, text), ['INBOX', 'UNREAD']);
      await store.markMessage(original.id, 'replied_at', at);
      return row;
    },
    /** Any message (a test's report or answer) arriving in the sent message's thread, unread. */
    arrive(original: MessageRow, raw: string) {
      return deliver(original, raw, ['INBOX', 'UNREAD']);
    },
    /** An out-of-office answer: it arrives in the thread but leaves the sent message's state alone. */
    async autoReply(original: MessageRow) {
      return deliver(original, await autoReplyMime(original, options.clock.now()), ['INBOX', 'UNREAD']);
    },
    async bounce(original: MessageRow) {
      const at = options.clock.now();
      const row = await deliver(original, bounceMime(original, at), ['INBOX', 'UNREAD']);
      await store.markMessage(original.id, 'bounced_at', at);
      return row;
    },
    /** Loads the message's images on the app's origin (its tracking pixel), as a mail client would. */
    async open(original: MessageRow): Promise<{ imagesLoaded: number }> {
      const html = bodiesOf(await parseMime(original.raw)).html ?? '';
      const sources = [...html.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) =>
        (m[1] ?? '').replace(/&amp;/g, '&'),
      );
      let imagesLoaded = 0;
      for (const src of sources) {
        if (!URL.canParse(src) || new URL(src).origin !== options.appOrigin) continue;
        if (await options.loadImage(new URL(src), IMAGE_PROXY_AGENT).catch(() => false)) imagesLoaded++;
      }
      await store.markMessage(original.id, 'opened_at', options.clock.now());
      return { imagesLoaded };
    },
  };
}
