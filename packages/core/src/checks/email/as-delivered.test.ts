import { describe, expect, it } from 'vitest';
import { buildMessage } from '../../mail/build-message';
import { asDelivered, providerTrace } from './as-delivered';

describe('asDelivered', () => {
  it("DKIM-signs the message for the sender's domain and leaves the message itself as built", async () => {
    const raw = await buildMessage({
      from: { name: 'Ana', address: 'ana@northwind.example' },
      to: { address: 'jamie@contoso.example' },
      subject: 'Quick question',
      html: '<p>Hi Jamie</p>',
      text: 'Hi Jamie',
      date: new Date('2026-11-26T09:00:00Z'),
      messageId: '<1@northwind.example>',
      unsubscribeUrl: 'https://app.example/u/token',
    });
    const sentAt = new Date('2026-11-26T09:00:00Z');
    const signed = (await asDelivered(raw, 'ana@northwind.example', 'gmail', sentAt)).toString('utf8');
    const signature = /^DKIM-Signature: (.+(?:\r\n[ \t].+)*)/m.exec(signed)?.[1] ?? '';
    expect(signature).toMatch(/\bd=northwind\.example;/);
    expect(signature).toMatch(/\bs=email-check;/);
    expect(signature).toMatch(/\bb=[A-Za-z0-9+/=\s]{100,}/);
    expect(signed.endsWith(raw.toString('utf8'))).toBe(true);
  });
});

describe('providerTrace', () => {
  const raw = Buffer.from('From: a@b.example\r\n\r\nHi\r\n');
  const sentAt = new Date('2026-11-26T09:00:00Z');

  it("adds what each provider adds: Google's X-Received, Microsoft's hop, the SMTP server's Received", () => {
    expect(providerTrace('gmail', raw, 'b.example', sentAt)).toMatch(
      /^X-Received: by 2002:a05:6000:\S+ with SMTP id \S+;\r\n\s+Thu, 26 Nov 2026 09:00:00 \+0000\r\n$/,
    );
    expect(providerTrace('microsoft', raw, 'b.example', sentAt)).toMatch(
      /^Received: from \S+\.prod\.outlook\.com .* with Microsoft SMTP Server/,
    );
    expect(providerTrace('smtp', raw, 'b.example', sentAt)).toMatch(
      /^Received: from app\.b\.example by smtp\.b\.example with ESMTPSA id \w+;/,
    );
    // The same message, the same header: the check's report is kept per exact email.
    expect(providerTrace('gmail', raw, 'b.example', sentAt)).toBe(
      providerTrace('gmail', raw, 'b.example', sentAt),
    );
  });
});
