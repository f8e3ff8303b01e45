/**
 * Just enough MIME for the sandbox mailbox: split a message into headers and parts, undo transfer
 * encodings and RFC 2047 encoded words. What it parses is what MailComposer and the simulators build.
 */
export interface MimeHeader {
  name: string;
  value: string;
}

export interface MimePart {
  headers: MimeHeader[];
  mimeType: string;
  params: Record<string, string>;
  /** The decoded content (empty for a multipart). */
  body: Buffer;
  parts: MimePart[];
}

function splitHead(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : [raw, ''];
}

export function parseHeaders(head: string): MimeHeader[] {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon > 0
        ? { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() }
        : undefined;
    })
    .filter((h): h is MimeHeader => h !== undefined);
}

export const header = (headers: MimeHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

function parseContentType(value: string | undefined): { mimeType: string; params: Record<string, string> } {
  const [type, ...rest] = (value ?? 'text/plain; charset=us-ascii').split(';');
  const params: Record<string, string> = {};
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    params[piece.slice(0, eq).trim().toLowerCase()] = piece
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { mimeType: (type ?? 'text/plain').trim().toLowerCase(), params };
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeBody(text: string, encoding: string | undefined): Buffer {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(text);
  return Buffer.from(text, 'utf8');
}

export function parseMime(raw: string): MimePart {
  const [head, body] = splitHead(raw);
  const headers = parseHeaders(head);
  const { mimeType, params } = parseContentType(header(headers, 'content-type'));
  if (mimeType.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}(?:--)?[ \\t]*\\r?\\n?`));
    return { headers, mimeType, params, body: Buffer.alloc(0), parts: sections.slice(1, -1).map(parseMime) };
  }
  return {
    headers,
    mimeType,
    params,
    body: decodeBody(body, header(headers, 'content-transfer-encoding')),
    parts: [],
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder((charset ?? 'utf-8').toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    });
}

/** The first text/plain and text/html parts, as text. */
export function bodiesOf(part: MimePart): { text?: string; html?: string } {
  if (part.parts.length) {
    const found: { text?: string; html?: string } = {};
    for (const child of part.parts) {
      const inner = bodiesOf(child);
      found.text ??= inner.text;
      found.html ??= inner.html;
    }
    return found;
  }
  const content = decodeCharset(part.body, part.params.charset);
  if (part.mimeType === 'text/plain') return { text: content };
  if (part.mimeType === 'text/html') return { html: content };
  return {};
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
