import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { StepRow } from '../engine/engine-store';
import { waitEnd } from '../engine/reach-step';
import { DEFAULT_HOLD_LIMIT_MS } from './mailbox-pacing';
import { nextSendOpportunity, sendTimeFor } from './send-time';

/** Zones with and without daylight saving, north and south, whole and part-hour offsets. */
const ZONES = [
  'UTC',
  'Europe/Paris',
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Sydney',
  'Australia/Adelaide',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Africa/Casablanca',
] as const;

/** 2025 and 2026, with the March and October changes of Europe and the US well inside. */
const instant = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2026, 11, 31) })
  .map((ms) => new Date(ms));
const zone = fc.constantFrom(...ZONES);
// Office hours: the night rule is that mail leaves between 07:00 and 19:00 local.
const hour = fc.integer({ min: 7, max: 18 });
const minute = fc.integer({ min: 0, max: 59 });

function local(at: Date, timezone: string) {
  return DateTime.fromJSDate(at, { zone: timezone });
}

describe('send times in every zone (property)', () => {
  it('fall at the step time on an allowed day, after the reach, never on a skipped weekend', () => {
    fc.assert(
      fc.property(
        instant,
        fc.nat(10),
        hour,
        minute,
        zone,
        fc.boolean(),
        (reachedAt, dayOffset, h, m, tz, skip) => {
          const sendAt = sendTimeFor({
            reachedAt,
            dayOffset,
            hour: h,
            minute: m,
            timezone: tz,
            skipWeekends: skip,
          });
          const there = local(sendAt, tz);
          expect(sendAt.getTime()).toBeGreaterThanOrEqual(reachedAt.getTime());
          // The wall time is the step's, or later by a spring-forward gap (never more than an hour).
          const wallMinutes = there.hour * 60 + there.minute;
          expect(wallMinutes - (h * 60 + m)).toBeGreaterThanOrEqual(0);
          expect(wallMinutes - (h * 60 + m)).toBeLessThanOrEqual(60);
          if (skip) expect(there.weekday).toBeLessThanOrEqual(5);
          // Not before the offset's local day.
          const earliest = local(reachedAt, tz).startOf('day').plus({ days: dayOffset });
          expect(there.startOf('day').toMillis()).toBeGreaterThanOrEqual(earliest.toMillis());
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a send held past its hold limit moves to the next step time there, never into the night', () => {
    fc.assert(
      fc.property(instant, hour, minute, zone, fc.boolean(), (scheduled, h, m, tz, skip) => {
        const after = new Date(scheduled.getTime() + DEFAULT_HOLD_LIMIT_MS);
        const next = nextSendOpportunity({ after, hour: h, minute: m, timezone: tz, skipWeekends: skip });
        const there = local(next, tz);
        expect(next.getTime()).toBeGreaterThan(after.getTime());
        expect(there.hour).toBeGreaterThanOrEqual(7);
        expect(there.hour).toBeLessThan(20);
        if (skip) expect(there.weekday).toBeLessThanOrEqual(5);
        // The first such time: a day earlier would already have been before `after`.
        expect(next.getTime() - after.getTime()).toBeLessThanOrEqual((skip ? 4 : 2) * 86_400_000);
      }),
      { numRuns: 3000 },
    );
  });

  it('a wait of whole days ends at the same wall time, across every daylight-saving change', () => {
    const step = { waitUnit: 'days', waitValue: 1 } as StepRow;
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 1, max: 14 }), (at, tz, days) => {
        const end = waitEnd({ ...step, waitValue: days }, at, tz);
        const start = local(at, tz);
        const finish = local(end, tz);
        expect(finish.toISODate()).toBe(start.plus({ days }).toISODate());
        // Same wall time unless the start's wall time does not exist on the end day (a gap).
        if (finish.hour !== start.hour || finish.minute !== start.minute) {
          expect(Math.abs(finish.offset - start.offset)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('daylight-saving days', () => {
  const nineAm = { dayOffset: 1, hour: 9, minute: 0, skipWeekends: false };
  const cases: [string, string, string][] = [
    // Zone, reached (the day before a change, 12:00 UTC), the next day's 09:00 local in UTC.
    ['Europe/Paris', '2026-03-28T12:00:00Z', '2026-03-29T07:00:00.000Z'],
    ['Europe/Paris', '2026-10-24T12:00:00Z', '2026-10-25T08:00:00.000Z'],
    ['America/New_York', '2026-03-07T12:00:00Z', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-10-31T12:00:00Z', '2026-11-01T14:00:00.000Z'],
    ['Asia/Tokyo', '2026-03-28T12:00:00Z', '2026-03-29T00:00:00.000Z'],
  ];
  it.each(cases)('%s: the step after a change still goes at 09:00 local', (tz, reached, expected) => {
    const sendAt = sendTimeFor({ ...nineAm, reachedAt: new Date(reached), timezone: tz });
    expect(sendAt.toISOString()).toBe(expected);
  });

  it('a one-day wait across a change lasts 23 or 25 hours of real time, one calendar day there', () => {
    const step = { waitUnit: 'days', waitValue: 1 } as StepRow;
    const spring = waitEnd(step, new Date('2026-03-28T08:00:00Z'), 'Europe/Paris');
    expect(spring.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    const autumn = waitEnd(step, new Date('2026-10-31T13:00:00Z'), 'America/New_York');
    expect(autumn.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    const tokyo = waitEnd(step, new Date('2026-03-28T00:00:00Z'), 'Asia/Tokyo');
    expect(tokyo.toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });
});
