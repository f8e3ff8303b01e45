import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gmailMessage, header, parseMime } from '@prospector/sandbox';
import { describe, expect, it } from 'vitest';
import type { GmailMessage } from '../gmail/gmail-api';
import { autoReplyReason } from './auto-reply-detection';
import { bounceOf } from './bounce-detection';
import { classifyInbound } from './classify-inbound';
import { type InboundMessage, inboundFromGmail } from './inbound-message';

const MAILBOX = 'alex@northwind-sales.example';
const ORIGINAL_ID = '<20261116170001.4f2a9c@northwind-sales.example>';

/** A fixture as the Gmail API answers it with format=full (the sandbox Gmail's payload builder). */
function fixture(name: string, labelIds = ['INBOX', 'UNREAD']): InboundMessage {
  const raw = readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
  const headers = parseMime(raw).headers;
  const message = gmailMessage(
    {
      id: '18c0ffee00000001',
      mailbox: MAILBOX,
      threadId: '18c0ffee00000000',
      historyId: '4242',
      labelIds,
      raw,
      rfcMessageId: header(headers, 'message-id') ?? null,
      fromAddress: null,
      toAddress: MAILBOX,
      subject: header(headers, 'subject') ?? null,
      snippet: '',
      internalDate: new Date('2026-11-16T17:20:00Z'),
      openedAt: null,
      repliedAt: null,
      bouncedAt: null,
    },
    'full',
  ) as GmailMessage;
  return inboundFromGmail(message);
}

describe('classifyInbound on real-world messages', () => {
  it('Gmail vacation responder: an auto-reply by its Auto-Submitted header', () => {
    const message = fixture('gmail-out-of-office.eml');
    expect(classifyInbound(message, [MAILBOX])).toEqual({
      type: 'auto_reply',
      reason: 'Auto-Submitted: auto-replied',
    });
    expect(message.text).toContain('I am away until November 30th');
  });

  it('Outlook automatic reply: an auto-reply', () => {
    const kind = classifyInbound(fixture('outlook-automatic-reply.eml'), [MAILBOX]);
    expect(kind.type).toBe('auto_reply');
  });

  it('Exchange DSN: a hard bounce 5.1.10 naming the recipient and the original Message-ID', () => {
    const message = fixture('exchange-dsn.eml');
    expect(classifyInbound(message, [MAILBOX])).toEqual({
      type: 'bounce',
      bounce: {
        kind: 'hard',
        status: '5.1.10',
        recipient: 'nobody@contoso.example',
        diagnostic:
          'smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      },
    });
    expect(message.quotedMessageIds).toContain(ORIGINAL_ID);
  });

  it('Gmail DSN: a hard bounce 5.1.1 whose folded diagnostic is read whole', () => {
    const message = fixture('gmail-dsn.eml');
    const kind = classifyInbound(message, [MAILBOX]);
    expect(kind.type).toBe('bounce');
    if (kind.type !== 'bounce') return;
    expect(kind.bounce).toMatchObject({ kind: 'hard', status: '5.1.1', recipient: 'no-such-user@gmail.com' });
    expect(kind.bounce.diagnostic).toContain('550 5.1.1 unnecessary spaces');
    expect(message.quotedMessageIds).toEqual([ORIGINAL_ID]);
  });

  it('Gmail delay notice: a soft bounce 4.2.2', () => {
    expect(bounceOf(fixture('gmail-dsn-delayed.eml'))).toMatchObject({ kind: 'soft', status: '4.2.2' });
  });

  it('a person who writes "out of office" in the body is a reply', () => {
    const message = fixture('human-reply-quoting-ooo.eml');
    expect(autoReplyReason(message)).toBeNull();
    expect(classifyInbound(message, [MAILBOX])).toEqual({ type: 'reply' });
  });

  it('an ARF feedback report is a complaint', () => {
    expect(classifyInbound(fixture('yahoo-complaint.eml'), [MAILBOX])).toEqual({ type: 'complaint' });
  });

  it("the mailbox's own messages are not replies", () => {
    expect(classifyInbound(fixture('human-reply-quoting-ooo.eml'), ['Jamie.Rivera@gmail.com']).type).toBe(
      'own',
    );
    expect(classifyInbound(fixture('human-reply-quoting-ooo.eml', ['SENT']), [MAILBOX]).type).toBe('own');
  });
});

describe('autoReplyReason', () => {
  const message = (subject: string, headers: Record<string, string> = {}): InboundMessage => ({
    ...fixture('human-reply-quoting-ooo.eml'),
    subject,
    headers: new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), [v]])),
  });

  it.each([
    'Out of Office: Quick question',
    'Automatic reply: Quick question',
    'Trả lời tự động: Quick question',
    '自動応答: Quick question',
    'Respuesta automática: Quick question',
    'Réponse automatique : Quick question',
    'Abwesenheitsnotiz: Quick question',
    'Automatische Antwort: Quick question',
    '自动回复: Quick question',
  ])('an out-of-office subject: %s', (subject) => {
    expect(autoReplyReason(message(subject))).toBe('Out-of-office subject');
  });

  it.each([
    [{ 'Auto-Submitted': 'auto-generated' }, 'Auto-Submitted: auto-generated'],
    [{ 'X-Autoreply': 'yes' }, 'X-Autoreply'],
    [{ 'X-Autorespond': 'Out of office' }, 'X-Autorespond'],
    [{ Precedence: 'auto_reply' }, 'Precedence: auto_reply'],
    [{ Precedence: 'bulk' }, 'Precedence: bulk'],
    [{ Precedence: 'junk' }, 'Precedence: junk'],
    [{ Precedence: 'list' }, 'Precedence: list'],
  ])('headers %o', (headers, reason) => {
    expect(autoReplyReason(message('Re: Quick question', headers))).toBe(reason);
  });

  it('Auto-Submitted: no and ordinary subjects are a person', () => {
    expect(autoReplyReason(message('Re: Out of office plans?', { 'Auto-Submitted': 'no' }))).toBeNull();
    expect(autoReplyReason(message('Re: Quick question', { Precedence: 'first-class' }))).toBeNull();
  });
});
