import { compile } from 'html-to-text';
import PostalMime, { type Attachment } from 'postal-mime';

/** An incoming message as the classifiers read it. */
export interface InboundMessage {
  gmailMessageId: string;
  threadId: string;
  labelIds: string[];
  /** Header names lower-cased; a repeated header keeps every value (decoded). */
  headers: Map<string, string[]>;
  /** The bare From address, lower-cased ('' for `<>`). */
  from: string;
  /** The From display name, as written. */
  fromName: string;
  subject: string;
  snippet: string;
  /** The text of the message (its text/plain part, else its HTML as text). */
  text: string;
  /** The HTML body as sent (unsanitised), or null. */
  html: string | null;
  /** Files attached (not report parts), listed for the Inbox; their content is fetched from the mailbox on demand. */
  attachments: { filename: string; mimeType: string; size: number }[];
  /** The top-level media type, lower-cased, and its report-type parameter for multipart/report. */
  mimeType: string;
  reportType: string | null;
  /** Every message/delivery-status part, wherever it sits in the tree. */
  deliveryStatus: string[];
  /** The message/feedback-report part of an ARF complaint. */
  feedbackReport: string | null;
  /** The headers of the original message a report returns (text/rfc822-headers or message/rfc822). */
  originalHeaders: string | null;
  /** Message-IDs of the original message quoted by a report, in the order found. */
  quotedMessageIds: string[];
  receivedAt: Date;
}

/**
 * A message of which only the headers and the start were read (over the size read of one message): it is
 * classified by what was read, and its text says so first, with its real size.
 */
export function markedTooLarge(message: InboundMessage, bytes: number): InboundMessage {
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  const notice = `[This email is ${megabytes} MB, too large to be read here in full: only its start is shown. Open it in your mailbox to read it all.]`;
  return {
    ...message,
    text: `${notice}\n\n${message.text}`,
    snippet: snippetOf(`${notice} ${message.snippet}`),
  };
}

/** A short preview of a message's text, on one line. */
export const snippetOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);

export const headerOf = (message: InboundMessage, name: string) =>
  message.headers.get(name.toLowerCase())?.[0];

/** The bare address of a From/To value such as `"Name" <a@b.c>`. */
export function addressOf(value: string | undefined): string {
  if (!value) return '';
  const angle = /<([^>]*)>/.exec(value);
  return (angle?.[1] ?? value).trim().toLowerCase();
}

/** Every `<...>` Message-ID in a header value (In-Reply-To, References). */
export const messageIdsIn = (value: string | undefined) => value?.match(/<[^<>\s]+@[^<>\s]+>/g) ?? [];

/** Compiled once: compiling the options is most of html-to-text's cost per message. */
const htmlToText = compile({ wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });

const ORIGINAL_TYPES = new Set(['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers']);
// Also indented or '>'-quoted, as old notices quote the original ('Your message reads (in part):').
const MESSAGE_ID_LINE = /^[ \t]*(?:>[ \t]*)*message-id:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]+@[^<>\s]+>)/gim;

const textOf = (attachment: Attachment) =>
  typeof attachment.content === 'string'
    ? attachment.content
    : new TextDecoder('utf-8').decode(attachment.content);

/**
 * A delivery-status part's text. Japanese servers write its fields in ISO-2022-JP without a charset
 * (lhost-domino-02: Domino's 'not in the directory' in JIS): escape sequences say so.
 */
function reportTextOfPart(attachment: Attachment): string {
  const text = textOf(attachment);
  const jisEscape = text.includes('\u001b$') || text.includes('\u001b(');
  if (typeof attachment.content === 'string' || !jisEscape) return text;
  return new TextDecoder('iso-2022-jp').decode(attachment.content);
}

/** The header block of a returned message (everything before its first empty line). */
const headBlock = (text: string) => text.split(/\r?\n\r?\n/)[0] ?? '';

function reportTypeOf(value: string | undefined): string | null {
  return /report-type\s*=\s*"?([\w-]+)"?/i.exec(value ?? '')?.[1]?.toLowerCase() ?? null;
}

export interface InboundMeta {
  gmailMessageId: string;
  threadId: string;
  labelIds?: string[];
  snippet?: string;
  receivedAt?: Date;
}

/**
 * Parses a whole RFC 5322 message (postal-mime) into what the classifiers read. Report parts
 * (message/delivery-status, message/feedback-report, the returned original) are taken wherever they sit in
 * the MIME tree; a returned original whose closing boundary is missing still counts, as in Gmail.
 */
export async function parseInbound(raw: string | Uint8Array, meta: InboundMeta): Promise<InboundMessage> {
  const parsed = await PostalMime.parse(raw, { rfc822Attachments: true, attachmentEncoding: 'arraybuffer' });
  const headers = new Map<string, string[]>();
  for (const { key, value } of parsed.headers) headers.set(key, [...(headers.get(key) ?? []), value]);
  const deliveryStatus: string[] = [];
  let feedbackReport: string | null = null;
  let originalHeaders: string | null = null;
  let extraText = '';
  for (const attachment of parsed.attachments) {
    const type = attachment.mimeType.toLowerCase();
    if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
      deliveryStatus.push(reportTextOfPart(attachment));
    } else if (type === 'message/feedback-report') feedbackReport ??= textOf(attachment);
    else if (ORIGINAL_TYPES.has(type)) originalHeaders ??= headBlock(textOf(attachment));
    else if (type === 'text/plain' && !attachment.filename) extraText += `\n${textOf(attachment)}`;
  }
  const body = (parsed.text ?? '') || (parsed.html ? htmlToText(parsed.html) : '');
  // A multipart whose boundary matches none of its parts (rhost-google-02): read the body as text.
  const text = body || extraText || parsed.attachments.length ? body + extraText : rawBodyOf(raw);
  const quotedMessageIds = [...new Set([...idsIn(originalHeaders ?? ''), ...idsIn(text)])];
  const contentType = headers.get('content-type')?.[0] ?? '';
  const fromHeader = headers.get('from')?.[0] ?? '';
  return {
    gmailMessageId: meta.gmailMessageId,
    threadId: meta.threadId,
    labelIds: meta.labelIds ?? [],
    headers,
    from: parsed.from?.address?.toLowerCase() ?? addressOf(fromHeader),
    fromName: parsed.from?.name ?? '',
    subject: parsed.subject ?? '',
    snippet: meta.snippet ?? snippetOf(text),
    text,
    html: parsed.html ?? null,
    attachments: parsed.attachments
      .filter((attachment) => attachment.filename)
      .map((attachment) => ({
        filename: attachment.filename ?? '',
        mimeType: attachment.mimeType,
        size:
          typeof attachment.content === 'string' ? attachment.content.length : attachment.content.byteLength,
      })),
    mimeType: (contentType.split(';')[0] ?? '').trim().toLowerCase() || 'text/plain',
    reportType: reportTypeOf(contentType),
    deliveryStatus,
    feedbackReport,
    originalHeaders,
    quotedMessageIds,
    receivedAt: meta.receivedAt ?? new Date(0),
  };
}

function rawBodyOf(raw: string | Uint8Array): string {
  const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('latin1');
  const split = /\r?\n\r?\n/.exec(text);
  return split ? text.slice(split.index + split[0].length) : '';
}

function idsIn(text: string): string[] {
  return [...text.matchAll(MESSAGE_ID_LINE)].map((match) => match[1] as string);
}
