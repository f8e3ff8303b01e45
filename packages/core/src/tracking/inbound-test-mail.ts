import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type InboundMessage, parseInbound } from './inbound-message';

/** Test kit: builds and parses inbound messages the way the reply poller does (format=raw). */
export const MAILBOX = 'alex@northwind-sales.example';
export const ORIGINAL_ID = '<20261116170001.4f2a9c@northwind-sales.example>';
export const RECEIVED_AT = new Date('2026-11-16T17:20:00Z');

export function parseRaw(raw: string, labelIds = ['INBOX', 'UNREAD']): Promise<InboundMessage> {
  return parseInbound(raw, {
    gmailMessageId: '18c0ffee00000001',
    threadId: '18c0ffee00000000',
    labelIds,
    receivedAt: RECEIVED_AT,
  });
}

/** A fixture of packages/core/src/tracking/fixtures. */
export const fixture = (name: string, labelIds?: string[]) =>
  parseRaw(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'), labelIds);

/** A message from headers and a body, lines joined with CRLF. */
export const mail = (headers: Record<string, string>, ...body: string[]) =>
  [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', ...body].join('\r\n');
