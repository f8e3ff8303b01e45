import { describe, expect, it } from 'vitest';
import { nextSendOpportunity, reactionDeadline, sendTimeFor } from './send-time';

const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';
const TOKYO = 'Asia/Tokyo';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('sendTimeFor', () => {
  const base = { dayOffset: 0, hour: 10, minute: 0, timezone: NEW_YORK, skipWeekends: false };

  it('sends on the local date of the reach at the step time when that is still ahead', () => {
    // Tuesday 2026-03-03 09:00 EST.
    const sendAt = sendTimeFor({ ...base, reachedAt: at('2026-03-03T14:00:00Z') });
    expect(iso(sendAt)).toBe('2026-03-03T15:00:00.000Z');
  });

  it('with delay 0 and a send time already past, sends at the same time the following day', () => {
    // Tuesday 11:00 EST, step at 10:00.
    const sendAt = sendTimeFor({ ...base, reachedAt: at('2026-03-03T16:00:00Z') });
    expect(iso(sendAt)).toBe('2026-03-04T15:00:00.000Z');
  });

  it('sends at once when reached exactly at the send time', () => {
    const sendAt = sendTimeFor({ ...base, reachedAt: at('2026-03-03T15:00:00Z') });
    expect(iso(sendAt)).toBe('2026-03-03T15:00:00.000Z');
  });

  it('adds the day offset to the local calendar date, not to the UTC date', () => {
    // Tuesday 2026-03-03 21:30 EST is already Wednesday in UTC.
    const sendAt = sendTimeFor({ ...base, dayOffset: 2, reachedAt: at('2026-03-04T02:30:00Z') });
    expect(iso(sendAt)).toBe('2026-03-05T15:00:00.000Z');
  });

  it('keeps the send minute', () => {
    const sendAt = sendTimeFor({ ...base, minute: 45, dayOffset: 1, reachedAt: at('2026-03-03T14:00:00Z') });
    expect(iso(sendAt)).toBe('2026-03-04T15:45:00.000Z');
  });

  describe('daylight saving in America/New_York', () => {
    it('keeps the wall time across spring-forward (EST to EDT)', () => {
      // Friday 2026-03-06 10:00 EST + 3 days = Monday 2026-03-09 09:00 EDT.
      const sendAt = sendTimeFor({ ...base, hour: 9, dayOffset: 3, reachedAt: at('2026-03-06T15:00:00Z') });
      expect(iso(sendAt)).toBe('2026-03-09T13:00:00.000Z');
    });

    it('moves a send time inside the spring-forward gap forward by the gap', () => {
      // 2026-03-08 02:30 does not exist in New York; it becomes 03:30 EDT.
      const sendAt = sendTimeFor({
        ...base,
        hour: 2,
        minute: 30,
        dayOffset: 1,
        reachedAt: at('2026-03-07T17:00:00Z'),
      });
      expect(iso(sendAt)).toBe('2026-03-08T07:30:00.000Z');
    });

    it('takes the first occurrence of an ambiguous fall-back time', () => {
      // 2026-11-01 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
      const sendAt = sendTimeFor({
        ...base,
        hour: 1,
        minute: 30,
        dayOffset: 1,
        reachedAt: at('2026-10-31T16:00:00Z'),
      });
      expect(iso(sendAt)).toBe('2026-11-01T05:30:00.000Z');
    });

    it('reached between the two occurrences, moves to the next day rather than the second one', () => {
      // 06:00Z is 01:00 EST, after the first 01:30 (EDT, 05:30Z) has passed.
      const sendAt = sendTimeFor({ ...base, hour: 1, minute: 30, reachedAt: at('2026-11-01T06:00:00Z') });
      expect(iso(sendAt)).toBe('2026-11-02T06:30:00.000Z');
    });

    it('keeps the wall time across fall-back (EDT to EST)', () => {
      // Friday 2026-10-30 10:00 EDT + 3 days = Monday 2026-11-02 09:00 EST.
      const sendAt = sendTimeFor({ ...base, hour: 9, dayOffset: 3, reachedAt: at('2026-10-30T14:00:00Z') });
      expect(iso(sendAt)).toBe('2026-11-02T14:00:00.000Z');
    });
  });

  describe('daylight saving in Europe/London', () => {
    const london = { ...base, timezone: LONDON };

    it('keeps the wall time across spring-forward (GMT to BST)', () => {
      // Friday 2026-03-27 10:00 GMT + 3 days = Monday 2026-03-30 09:00 BST.
      const sendAt = sendTimeFor({ ...london, hour: 9, dayOffset: 3, reachedAt: at('2026-03-27T10:00:00Z') });
      expect(iso(sendAt)).toBe('2026-03-30T08:00:00.000Z');
    });

    it('moves a send time inside the spring-forward gap forward', () => {
      // 2026-03-29 01:30 does not exist in London; it becomes 02:30 BST.
      const sendAt = sendTimeFor({
        ...london,
        hour: 1,
        minute: 30,
        dayOffset: 1,
        reachedAt: at('2026-03-28T12:00:00Z'),
      });
      expect(iso(sendAt)).toBe('2026-03-29T01:30:00.000Z');
    });

    it('takes the first occurrence of an ambiguous fall-back time', () => {
      // 2026-10-25 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
      const sendAt = sendTimeFor({
        ...london,
        hour: 1,
        minute: 30,
        dayOffset: 1,
        reachedAt: at('2026-10-24T12:00:00Z'),
      });
      expect(iso(sendAt)).toBe('2026-10-25T00:30:00.000Z');
    });

    it('keeps the wall time across fall-back (BST to GMT)', () => {
      // Friday 2026-10-23 10:00 BST + 3 days = Monday 2026-10-26 09:00 GMT.
      const sendAt = sendTimeFor({ ...london, hour: 9, dayOffset: 3, reachedAt: at('2026-10-23T09:00:00Z') });
      expect(iso(sendAt)).toBe('2026-10-26T09:00:00.000Z');
    });
  });

  describe('weekends', () => {
    it('moves a Saturday send to Monday at the same time when weekends are skipped', () => {
      // Friday 2026-03-06 11:00 EST, step at 10:00: the next slot is Saturday.
      const reachedAt = at('2026-03-06T16:00:00Z');
      expect(iso(sendTimeFor({ ...base, reachedAt }))).toBe('2026-03-07T15:00:00.000Z');
      // Monday 2026-03-09 is already EDT.
      expect(iso(sendTimeFor({ ...base, reachedAt, skipWeekends: true }))).toBe('2026-03-09T14:00:00.000Z');
    });

    it('moves a Sunday send to Monday', () => {
      // Thursday 2026-03-05 09:00 EST + 3 days = Sunday.
      const reachedAt = at('2026-03-05T14:00:00Z');
      expect(iso(sendTimeFor({ ...base, dayOffset: 3, reachedAt }))).toBe('2026-03-08T14:00:00.000Z');
      expect(iso(sendTimeFor({ ...base, dayOffset: 3, reachedAt, skipWeekends: true }))).toBe(
        '2026-03-09T14:00:00.000Z',
      );
    });

    it('leaves weekday sends alone', () => {
      const reachedAt = at('2026-03-03T14:00:00Z');
      expect(sendTimeFor({ ...base, reachedAt, skipWeekends: true })).toEqual(
        sendTimeFor({ ...base, reachedAt }),
      );
    });

    it('reached on a weekend, sends on Monday', () => {
      // Saturday 2026-03-07 08:00 EST.
      const sendAt = sendTimeFor({ ...base, reachedAt: at('2026-03-07T13:00:00Z'), skipWeekends: true });
      expect(iso(sendAt)).toBe('2026-03-09T14:00:00.000Z');
    });
  });

  describe('Asia/Tokyo across UTC midnight', () => {
    const tokyo = { ...base, hour: 9, timezone: TOKYO };

    it('uses the Tokyo date when it is already tomorrow in Tokyo', () => {
      // 2026-03-02 23:30Z is Tuesday 2026-03-03 08:30 JST; 09:00 JST is 00:00Z on the 3rd.
      const sendAt = sendTimeFor({ ...tokyo, reachedAt: at('2026-03-02T23:30:00Z') });
      expect(iso(sendAt)).toBe('2026-03-03T00:00:00.000Z');
    });

    it('moves to the next Tokyo day once the Tokyo send time has passed', () => {
      // 2026-03-03 01:00Z is 10:00 JST.
      const sendAt = sendTimeFor({ ...tokyo, reachedAt: at('2026-03-03T01:00:00Z') });
      expect(iso(sendAt)).toBe('2026-03-04T00:00:00.000Z');
    });

    it('judges the weekend by the Tokyo day, not the UTC day', () => {
      // Friday 2026-03-06 15:30Z is Saturday 00:30 JST: the send waits for Monday 09:00 JST.
      const sendAt = sendTimeFor({ ...tokyo, reachedAt: at('2026-03-06T15:30:00Z'), skipWeekends: true });
      expect(iso(sendAt)).toBe('2026-03-09T00:00:00.000Z');
    });
  });

  it('never returns a time before the reach', () => {
    const reachedAt = at('2026-06-15T12:34:56Z');
    for (const timezone of [NEW_YORK, LONDON, TOKYO, 'Australia/Lord_Howe', 'UTC']) {
      for (let hour = 0; hour < 24; hour += 1) {
        const sendAt = sendTimeFor({ ...base, timezone, hour, reachedAt, skipWeekends: true });
        expect(sendAt.getTime()).toBeGreaterThanOrEqual(reachedAt.getTime());
      }
    }
  });

  it('rejects an unknown time zone', () => {
    expect(() =>
      sendTimeFor({ ...base, timezone: 'Mars/Olympus', reachedAt: at('2026-03-03T14:00:00Z') }),
    ).toThrow(RangeError);
  });
});

describe('nextSendOpportunity', () => {
  const base = { hour: 9, minute: 0, timezone: NEW_YORK, skipWeekends: false };

  it('is the next day at the send time when held past the hold limit', () => {
    // Tuesday 2026-03-03 13:00 EST.
    expect(iso(nextSendOpportunity({ ...base, after: at('2026-03-03T18:00:00Z') }))).toBe(
      '2026-03-04T14:00:00.000Z',
    );
  });

  it('is strictly after: a send due exactly at the send time moves a day', () => {
    expect(iso(nextSendOpportunity({ ...base, after: at('2026-03-03T14:00:00Z') }))).toBe(
      '2026-03-04T14:00:00.000Z',
    );
  });

  it('is the same morning when held overnight', () => {
    // Wednesday 2026-03-04 02:00 EST.
    expect(iso(nextSendOpportunity({ ...base, after: at('2026-03-04T07:00:00Z') }))).toBe(
      '2026-03-04T14:00:00.000Z',
    );
  });

  it('skips the weekend when set', () => {
    // Friday 2026-03-06 13:00 EST.
    const after = at('2026-03-06T18:00:00Z');
    expect(iso(nextSendOpportunity({ ...base, after }))).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(nextSendOpportunity({ ...base, after, skipWeekends: true }))).toBe('2026-03-09T13:00:00.000Z');
  });

  it('keeps the local time across spring-forward', () => {
    // Saturday 2026-03-07 13:00 EST -> Sunday 09:00 EDT.
    expect(iso(nextSendOpportunity({ ...base, after: at('2026-03-07T18:00:00Z') }))).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });
});

describe('reactionDeadline', () => {
  const sentAt = at('2026-03-03T15:00:00Z');

  it('adds hours and minutes', () => {
    expect(iso(reactionDeadline(sentAt, 24, 30))).toBe('2026-03-04T15:30:00.000Z');
    expect(reactionDeadline(sentAt, 0, 0)).toEqual(sentAt);
  });

  it('is an absolute duration across daylight saving', () => {
    // 24 hours from 01:30 EST on the spring-forward day is 02:30 EDT on the wall clock.
    expect(iso(reactionDeadline(at('2026-03-08T06:30:00Z'), 24, 0))).toBe('2026-03-09T06:30:00.000Z');
  });

  it('puts an instant one second before the window end inside it and one second after outside', () => {
    const deadline = reactionDeadline(sentAt, 0, 1);
    const openedJustBefore = at('2026-03-03T15:00:59Z');
    const openedJustAfter = at('2026-03-03T15:01:01Z');
    expect(openedJustBefore.getTime()).toBeLessThan(deadline.getTime());
    expect(openedJustAfter.getTime()).toBeGreaterThan(deadline.getTime());
    expect(deadline.getTime() - sentAt.getTime()).toBe(60_000);
  });
});
