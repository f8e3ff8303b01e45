import { describe, expect, it } from 'vitest';
import { buildMessage } from '../../mail/build-message';
import { asDelivered } from './as-delivered';

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
    const signed = (await asDelivered(raw, 'ana@northwind.example')).toString('utf8');
    const signature = /^DKIM-Signature: (.+(?:\r\n[ \t].+)*)/m.exec(signed)?.[1] ?? '';
    expect(signature).toMatch(/\bd=northwind\.example;/);
    expect(signature).toMatch(/\bs=email-check;/);
    expect(signature).toMatch(/\bb=[A-Za-z0-9+/=\s]{100,}/);
    expect(signed.endsWith(raw.toString('utf8'))).toBe(true);
  });
});
