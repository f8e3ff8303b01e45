import { describe, expect, it } from 'vitest';
import { localTimeText } from './local-time-line';

const contact = { id: 'c', email: 'ana@example.com', name: null, place: 'United States' };

describe('localTimeText', () => {
  it('says the hour the first email reaches a contact without a zone, or a range across its country', () => {
    expect(localTimeText({ ...contact, localTime: { earliest: '03:21', latest: '03:21' } })).toBe(
      '03:21 there',
    );
    expect(localTimeText({ ...contact, localTime: { earliest: '06:00', latest: '12:00' } })).toBe(
      'between 06:00 and 12:00 there',
    );
    expect(localTimeText({ ...contact, place: null, localTime: null })).toBe(
      'local time unknown (no country)',
    );
  });
});
