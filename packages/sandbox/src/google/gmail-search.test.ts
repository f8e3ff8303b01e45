import { describe, expect, it } from 'vitest';
import { parseGmailSearch } from './gmail-search';

describe('parseGmailSearch', () => {
  it('reads rfc822msgid with or without angle brackets', () => {
    expect(parseGmailSearch('rfc822msgid:abc@mail.example')).toEqual({
      rfcMessageId: '<abc@mail.example>',
      words: [],
    });
    expect(parseGmailSearch('rfc822msgid:<abc@mail.example>')).toMatchObject({
      rfcMessageId: '<abc@mail.example>',
    });
  });

  it('reads after/before as epoch seconds or dates, labels and from', () => {
    expect(
      parseGmailSearch('after:1700000000 before:2026/11/23 in:inbox from:Jamie@Example.com hello'),
    ).toEqual({
      after: new Date(1_700_000_000_000),
      // Midnight Pacific time (PST, UTC-8), as Gmail reads a date.
      before: new Date('2026-11-23T08:00:00Z'),
      label: 'INBOX',
      from: 'jamie@example.com',
      words: ['hello'],
    });
  });

  it('reads a summer date as midnight Pacific daylight time', () => {
    expect(parseGmailSearch('before:2019/07/01')).toMatchObject({ before: new Date('2019-07-01T07:00:00Z') });
  });

  it('refuses a date it cannot read', () => {
    expect(parseGmailSearch('after:yesterday')).toBe('Invalid after: date');
  });
});
