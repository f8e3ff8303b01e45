import type { GmailMessage, GmailMessagePart } from '../gmail/gmail-api';

/** An incoming Gmail message as the classifiers read it. */
export interface InboundMessage {
  gmailMessageId: string;
  threadId: string;
  labelIds: string[];
  /** Header names lower-cased; a repeated header keeps every value. */
  headers: Map<string, string[]>;
  /** The bare From address, lower-cased. */
  from: string;
  subject: string;
  snippet: string;
  /** The first text/plain part (else the first text/html part with tags removed). */
  text: string;
  /** The top-level media type, lower-cased, and its report-type parameter for multipart/report. */
  mimeType: string;
  reportType: string | null;
  /** The message/delivery-status part of a DSN, or the message/feedback-report part of a complaint. */
  report: string | null;
  /** Message-IDs of the original message quoted by a DSN (its text/rfc822-headers or message/rfc822 part). */
  quotedMessageIds: string[];
  receivedAt: Date;
}

export const headerOf = (message: InboundMessage, name: string) =>
  message.headers.get(name.toLowerCase())?.[0];

/** The bare address of a From/To value such as `"Name" <a@b.c>`. */
export function addressOf(value: string | undefined): string {
  if (!value) return '';
  const angle = /<([^>]+)>/.exec(value);
  return (angle?.[1] ?? value).trim().toLowerCase();
}

/** Every `<...>` Message-ID in a header value (In-Reply-To, References). */
export const messageIdsIn = (value: string | undefined) => value?.match(/<[^<>\s]+>/g) ?? [];

const decode = (data: string | undefined) => (data ? Buffer.from(data, 'base64url').toString('utf8') : '');

function walk(part: GmailMessagePart | undefined, visit: (part: GmailMessagePart) => void) {
  if (!part) return;
  visit(part);
  for (const child of part.parts ?? []) walk(child, visit);
}

function reportTypeOf(contentType: string | undefined): string | null {
  const match = /report-type\s*=\s*"?([\w-]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** Reads a message fetched with format=full (headers, parts and their decoded bodies). */
export function inboundFromGmail(message: GmailMessage): InboundMessage {
  const headers = new Map<string, string[]>();
  for (const { name, value } of message.payload?.headers ?? []) {
    const key = name.toLowerCase();
    headers.set(key, [...(headers.get(key) ?? []), value]);
  }
  let text: string | null = null;
  let html: string | null = null;
  let report: string | null = null;
  const quotedMessageIds: string[] = [];
  walk(message.payload, (part) => {
    const type = (part.mimeType ?? '').toLowerCase();
    if (type === 'text/plain' && text === null && !part.filename) text = decode(part.body?.data);
    else if (type === 'text/html' && html === null && !part.filename) html = decode(part.body?.data);
    else if (type === 'message/delivery-status' || type === 'message/feedback-report') {
      report ??= decode(part.body?.data);
    } else if (type === 'text/rfc822-headers') {
      quotedMessageIds.push(...messageIdsIn(/^message-id:\s*(.*)$/im.exec(decode(part.body?.data))?.[1]));
    } else if (type === 'message/rfc822') {
      const id = part.headers?.find((h) => h.name.toLowerCase() === 'message-id')?.value;
      quotedMessageIds.push(...messageIdsIn(id));
      // Gmail nests the quoted message as a part; some APIs leave it whole in the body.
      const nested = part.parts?.[0]?.headers?.find((h) => h.name.toLowerCase() === 'message-id')?.value;
      quotedMessageIds.push(...messageIdsIn(nested));
      const inBody = /^message-id:\s*(.*)$/im.exec(decode(part.body?.data).split(/\r?\n\r?\n/)[0] ?? '');
      quotedMessageIds.push(...messageIdsIn(inBody?.[1]));
    }
  });
  const contentType = headers.get('content-type')?.[0];
  const fromText = text ?? (html ?? '').replace(/<[^>]*>/g, ' ');
  return {
    gmailMessageId: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds ?? [],
    headers,
    from: addressOf(headers.get('from')?.[0]),
    subject: headers.get('subject')?.[0] ?? '',
    snippet: message.snippet ?? '',
    text: fromText,
    mimeType: (message.payload?.mimeType ?? contentType?.split(';')[0] ?? '').trim().toLowerCase(),
    reportType: reportTypeOf(contentType),
    report,
    quotedMessageIds,
    receivedAt: new Date(Number(message.internalDate ?? 0)),
  };
}
