import { describe, expect, it } from 'vitest';
import { addSuppressionSchema, parseSuppressionValue, suppressionLabel } from './suppressions';

describe('parseSuppressionValue', () => {
  it('reads an address or a domain in lower case, as contacts are compared', () => {
    expect(parseSuppressionValue('  Ada.Lovelace@Example.COM ')).toEqual({
      kind: 'address',
      value: 'ada.lovelace@example.com',
    });
    expect(parseSuppressionValue('Example.com.')).toEqual({ kind: 'domain', value: 'example.com' });
    expect(parseSuppressionValue('@Mail.Example.org')).toEqual({ kind: 'domain', value: 'mail.example.org' });
  });

  it('refuses what is neither', () => {
    for (const given of [
      '',
      'localhost',
      'not a domain',
      'https://example.com/x',
      'a@b@c.com',
      '@',
      '10.0.0.1',
    ]) {
      expect(parseSuppressionValue(given)).toBeNull();
    }
  });

  it('the add form names the problem', () => {
    const refused = addSuppressionSchema.safeParse({ value: 'nope' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Enter one email address (ada@example.com) or one domain (example.com)',
    );
    expect(addSuppressionSchema.parse({ value: 'x@y.io', note: '  ' })).toEqual({
      value: { kind: 'address', value: 'x@y.io' },
      note: null,
    });
  });
});

describe('suppressionLabel', () => {
  it('says why in words, with the day of an unsubscribe', () => {
    const at = '2026-03-02T09:30:00.000Z';
    expect(suppressionLabel({ reason: 'unsubscribe', createdAt: at })).toBe(
      'Unsubscribed on 2 Mar 2026 by the contact',
    );
    expect(suppressionLabel({ reason: 'complaint', createdAt: at })).toBe('Complaint');
    expect(suppressionLabel({ reason: 'hard-bounce', createdAt: at })).toBe('Hard bounce');
    expect(suppressionLabel({ reason: 'manual', createdAt: at })).toBe('Added by you');
  });
});
