import type { SandboxInboxMessage } from '@prospector/contracts';
import { bodiesOf, decodeWords, type MimePart, parseMime, partsTree } from './mime';
import type { MessageRow } from './sandbox-store';

export type Format = 'full' | 'metadata' | 'minimal' | 'raw';

interface Payload {
  partId: string;
  mimeType: string;
  filename: string;
  headers: { name: string; value: string }[];
  body: { size: number; data?: string };
  parts?: Payload[];
}

function payloadOf(part: MimePart, partId: string, withBodies: boolean): Payload {
  const payload: Payload = {
    partId,
    mimeType: part.mimeType,
    filename: part.filename,
    headers: part.headers.map((h) => ({ name: h.name, value: decodeWords(h.value) })),
    body: { size: part.body.length },
  };
  if (withBodies && part.body.length) payload.body.data = part.body.toString('base64url');
  if (part.parts.length) {
    payload.parts = part.parts.map((child, i) =>
      payloadOf(child, partId === '' ? String(i) : `${partId}.${i}`, withBodies),
    );
  }
  return payload;
}

/** A stored message in the Gmail API's Message shape, in one of its formats. */
export async function gmailMessage(row: MessageRow, format: Format) {
  const base = {
    id: row.id,
    threadId: row.threadId,
    labelIds: row.labelIds,
    snippet: row.snippet,
    historyId: row.historyId,
    internalDate: String(new Date(row.internalDate).getTime()),
    sizeEstimate: Buffer.byteLength(row.raw),
  };
  if (format === 'minimal') return base;
  if (format === 'raw') return { ...base, raw: Buffer.from(row.raw, 'utf8').toString('base64url') };
  const parsed = partsTree(await parseMime(row.raw));
  if (format === 'metadata') {
    const { partId, mimeType, filename, headers } = payloadOf(parsed, '', false);
    return { ...base, payload: { partId, mimeType, filename, headers, body: { size: 0 } } };
  }
  return { ...base, payload: payloadOf(parsed, '', true) };
}

/** Headers and bodies for the Sandbox Inbox page. */
export async function inboxView(row: MessageRow): Promise<SandboxInboxMessage> {
  const parsed = await parseMime(row.raw);
  return {
    id: row.id,
    threadId: row.threadId,
    mailbox: row.address,
    headers: parsed.headers.map((h) => ({ name: h.name, value: decodeWords(h.value) })),
    ...bodiesOf(parsed),
    raw: row.raw,
    sentAt: new Date(row.internalDate).toISOString(),
    openedAt: row.openedAt ? new Date(row.openedAt).toISOString() : null,
    repliedAt: row.repliedAt ? new Date(row.repliedAt).toISOString() : null,
    bouncedAt: row.bouncedAt ? new Date(row.bouncedAt).toISOString() : null,
  };
}
