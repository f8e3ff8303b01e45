import { describe, expect, it } from 'vitest';
import { recipientTimeText } from './recipient-time';

describe('recipientTimeText', () => {
  it("says the time where the recipient is and the user's own", () => {
    expect(recipientTimeText('2026-05-01T00:00:00Z', 'Asia/Tokyo', 'Europe/Berlin')).toBe(
      '09:00 Asia/Tokyo · 02:00 your time',
    );
    expect(recipientTimeText('2026-01-15T14:30:00Z', 'America/New_York', 'UTC')).toBe(
      '09:30 America/New_York · 14:30 your time',
    );
  });
});
