import { describe, expect, it } from 'vitest';
import { zoneAbbreviation, zonedTime, zonedTimeAfterVerb, zonedTimeCell } from './zoned-time';

// Mon 30 Nov 2026, 15:44 UTC: 4:44 PM in Berlin, 10:44 AM in New York, 0:44 the next day in Tokyo.
const now = new Date('2026-11-30T15:44:00Z');

describe('zonedTime', () => {
  it("writes today's times as the clock time and the zone", () => {
    expect(zonedTime('2026-11-30T15:44:00Z', { timeZone: 'Europe/Berlin', now })).toBe('4:44 PM CET');
    expect(zonedTime('2026-11-30T15:44:00Z', { timeZone: 'America/New_York', now })).toBe('10:44 AM EST');
    expect(zonedTime('2026-11-30T15:44:00Z', { timeZone: 'UTC', now })).toBe('3:44 PM UTC');
  });

  it('says tomorrow and yesterday by the calendar of the zone, not of UTC', () => {
    expect(zonedTime('2026-12-01T15:44:00Z', { timeZone: 'Europe/Berlin', now })).toBe(
      'tomorrow at 4:44 PM CET',
    );
    // 23:30 UTC is still today in New York but already tomorrow in Berlin.
    expect(zonedTime('2026-11-30T23:30:00Z', { timeZone: 'America/New_York', now })).toBe('6:30 PM EST');
    expect(zonedTime('2026-11-30T23:30:00Z', { timeZone: 'Europe/Berlin', now })).toBe(
      'tomorrow at 12:30 AM CET',
    );
    // In Tokyo "now" is already Tuesday, so Monday afternoon there is yesterday.
    expect(zonedTime('2026-11-30T06:00:00Z', { timeZone: 'Asia/Tokyo', now })).toBe(
      'yesterday at 3:00 PM GMT+9',
    );
  });

  it('writes other days with their weekday and date, and the year when it is not this one', () => {
    expect(zonedTime('2026-11-23T08:00:00Z', { timeZone: 'Europe/Berlin', now })).toBe(
      'Mon 23 Nov at 9:00 AM CET',
    );
    expect(zonedTime('2026-07-04T16:00:00Z', { timeZone: 'America/Los_Angeles', now })).toBe(
      'Sat 4 Jul at 9:00 AM PDT',
    );
    expect(zonedTime('2025-12-31T12:00:00Z', { timeZone: 'Europe/London', now })).toBe(
      'Wed 31 Dec 2025 at 12:00 PM GMT',
    );
  });

  it('uses the summer abbreviation of the moment, not of today', () => {
    expect(zoneAbbreviation(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('BST');
    expect(zoneAbbreviation(new Date('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe('GMT+5:30');
  });

  it('reads well after a verb and at the start of a cell', () => {
    const berlin = { timeZone: 'Europe/Berlin', now };
    expect(`can send again ${zonedTimeAfterVerb('2026-11-30T16:00:00Z', berlin)}`).toBe(
      'can send again at 5:00 PM CET',
    );
    expect(`can send again ${zonedTimeAfterVerb('2026-12-01T15:44:00Z', berlin)}`).toBe(
      'can send again tomorrow at 4:44 PM CET',
    );
    expect(`due ${zonedTimeAfterVerb('2026-12-07T08:00:00Z', berlin)}`).toBe(
      'due on Mon 7 Dec at 9:00 AM CET',
    );
    expect(zonedTimeCell('2026-12-01T15:44:00Z', berlin)).toBe('Tomorrow at 4:44 PM CET');
  });

  it('writes nothing for a value that is not a time', () => {
    expect(zonedTime('not a date', { timeZone: 'UTC', now })).toBe('');
  });
});
