import PostalMime, { decodeWords } from 'postal-mime';

/**
 * The sandbox mailbox's MIME reading, done by postal-mime: headers, the text and HTML bodies and every
 * other part (reports, returned messages, attachments), also when the closing boundary is missing.
 */
export interface MimeHeader {
  name: string;
  value: string;
}

/** One part in the shape the Gmail API's format=full payload describes. */
export interface MimePart {
  headers: MimeHeader[];
  mimeType: string;
  filename: string;
  /** The decoded content (empty for a multipart). */
  body: Buffer;
  parts: MimePart[];
}

export interface ParsedMessage {
  /** The top-level headers as written (encoded words left in place, as Gmail keeps them in `raw`). */
  headers: MimeHeader[];
  mimeType: string;
  text?: string;
  html?: string;
  attachments: { mimeType: string; filename: string; content: Buffer }[];
}

export { decodeWords };

export async function parseMime(raw: string): Promise<ParsedMessage> {
  const parsed = await PostalMime.parse(raw, { rfc822Attachments: true, attachmentEncoding: 'arraybuffer' });
  const headers = parsed.headers.map((h) => ({ name: h.originalKey ?? h.key, value: h.value }));
  const contentType = header(headers, 'content-type') ?? 'text/plain';
  return {
    headers,
    mimeType: (contentType.split(';')[0] ?? 'text/plain').trim().toLowerCase(),
    // postal-mime keeps the line break that belongs to the next boundary; Gmail does not.
    ...(parsed.text !== undefined && { text: parsed.text.replace(/\r?\n$/, '') }),
    ...(parsed.html !== undefined && { html: parsed.html.replace(/\r?\n$/, '') }),
    attachments: parsed.attachments.map((a) => ({
      mimeType: a.mimeType.toLowerCase(),
      filename: a.filename ?? '',
      content: Buffer.from(a.content as ArrayBuffer),
    })),
  };
}

const leaf = (mimeType: string, content: string | Buffer, filename = ''): MimePart => ({
  headers: [{ name: 'Content-Type', value: mimeType }],
  mimeType,
  filename,
  body: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
  parts: [],
});

/**
 * The parts tree Gmail shows for a message: its bodies (text and HTML side by side in a
 * multipart/alternative) followed by its other parts, under the top-level headers.
 */
export function partsTree(message: ParsedMessage): MimePart {
  const bodies = [
    ...(message.text !== undefined ? [leaf('text/plain', message.text)] : []),
    ...(message.html !== undefined ? [leaf('text/html', message.html)] : []),
  ];
  const others = message.attachments.map((a) => leaf(a.mimeType, a.content, a.filename));
  if (!message.mimeType.startsWith('multipart/')) {
    const only = bodies[0] ?? others[0] ?? leaf(message.mimeType, '');
    return { ...only, headers: message.headers, mimeType: message.mimeType };
  }
  const alternative =
    bodies.length > 1 && others.length
      ? [
          {
            headers: [],
            mimeType: 'multipart/alternative',
            filename: '',
            body: Buffer.alloc(0),
            parts: bodies,
          },
        ]
      : bodies;
  return {
    headers: message.headers,
    mimeType: message.mimeType,
    filename: '',
    body: Buffer.alloc(0),
    parts: [...alternative, ...others],
  };
}

export const header = (headers: MimeHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

/** The text/plain and text/html bodies. */
export function bodiesOf(message: ParsedMessage): { text?: string; html?: string } {
  return {
    ...(message.text !== undefined && { text: message.text }),
    ...(message.html !== undefined && { html: message.html }),
  };
}

/** A header value in RFC 2047 form when it is not plain ASCII. */
export function encodeWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The bare address of a From/To value such as `"Name" <a@b.c>`. */
export function addressOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const angle = /<([^>]+)>/.exec(value);
  return (angle ? angle[1] : value)?.trim().toLowerCase();
}

/** Gmail's snippet: the start of the plain text, whitespace collapsed. */
export function snippetOf(bodies: { text?: string; html?: string }): string {
  const text = bodies.text ?? (bodies.html ?? '').replace(/<[^>]*>/g, ' ');
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}
