import { describe, expect, it } from 'vitest';
import { createManualClock, DAY_MS } from '../clock';
import { addInterval, firstRunAt, nextRunAfter, type WorkflowSchedule } from './next-run';

const schedule = (overrides: Partial<WorkflowSchedule> = {}): WorkflowSchedule => ({
  startStrategy: 'immediately',
  startAt: null,
  frequencyType: 'days',
  frequencyInterval: 1,
  isEndless: true,
  endAt: null,
  timezone: 'UTC',
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('addInterval', () => {
  it('counts calendar months and clamps to the end of a shorter month', () => {
    const monthly = schedule({ frequencyType: 'months' });
    expect(addInterval(at('2025-01-31T10:00:00Z'), monthly).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addInterval(at('2024-01-31T10:00:00Z'), monthly).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(
      addInterval(at('2025-10-31T10:00:00Z'), schedule({ frequencyType: 'months', frequencyInterval: 4 })),
    ).toEqual(at('2026-02-28T10:00:00Z'));
  });

  it('keeps the local time of day across daylight saving changes', () => {
    const newYork = schedule({ timezone: 'America/New_York' });
    // 09:00 EST on the day before the spring change is 14:00Z; 09:00 EDT the next day is 13:00Z.
    expect(addInterval(at('2025-03-08T14:00:00Z'), newYork)).toEqual(at('2025-03-09T13:00:00Z'));
    // And back in autumn: 09:00 EDT (13:00Z) to 09:00 EST (14:00Z), a 25-hour day.
    expect(addInterval(at('2025-11-01T13:00:00Z'), newYork)).toEqual(at('2025-11-02T14:00:00Z'));
    // A week across the change is still Monday 09:00 local.
    const weekly = schedule({ timezone: 'Europe/Paris', frequencyType: 'weeks' });
    expect(addInterval(at('2025-03-24T08:00:00Z'), weekly)).toEqual(at('2025-03-31T07:00:00Z'));
  });

  it('adds N weeks and N days', () => {
    expect(
      addInterval(at('2025-05-01T09:00:00Z'), schedule({ frequencyType: 'weeks', frequencyInterval: 2 })),
    ).toEqual(at('2025-05-15T09:00:00Z'));
    expect(addInterval(at('2025-05-01T09:00:00Z'), schedule({ frequencyInterval: 3 }))).toEqual(
      at('2025-05-04T09:00:00Z'),
    );
  });
});

describe('firstRunAt', () => {
  const clock = createManualClock(at('2025-05-01T09:00:00Z'));

  it('is now for immediately and startAt for scheduled, when it never ran', () => {
    expect(firstRunAt(schedule(), clock.now(), null)).toEqual(clock.now());
    const startAt = at('2025-06-01T08:00:00Z');
    expect(firstRunAt(schedule({ startStrategy: 'scheduled', startAt }), clock.now(), null)).toEqual(startAt);
  });

  it('skips the occurrences missed while paused instead of running each of them', () => {
    const lastRunAt = at('2025-04-20T07:30:00Z');
    // Paused for eleven days, then activated: the next daily occurrence from now, not eleven runs.
    expect(firstRunAt(schedule(), clock.now(), lastRunAt)).toEqual(at('2025-05-02T07:30:00Z'));
    // An occurrence later today is kept.
    clock.set(at('2025-05-01T06:00:00Z'));
    expect(firstRunAt(schedule(), clock.now(), lastRunAt)).toEqual(at('2025-05-01T07:30:00Z'));
  });

  it('has nothing left for a one-time workflow that ran, unless its start is moved ahead', () => {
    clock.set(at('2025-05-01T09:00:00Z'));
    const once = schedule({ frequencyType: 'once' });
    expect(firstRunAt(once, clock.now(), at('2025-04-01T00:00:00Z'))).toBeNull();
    const later = at('2025-05-10T09:00:00Z');
    expect(
      firstRunAt(
        { ...once, startStrategy: 'scheduled', startAt: later },
        clock.now(),
        at('2025-04-01T00:00:00Z'),
      ),
    ).toEqual(later);
  });

  it('has nothing left when the end date has passed', () => {
    const ended = schedule({ isEndless: false, endAt: at('2025-04-30T00:00:00Z') });
    expect(firstRunAt(ended, clock.now(), at('2025-04-29T00:00:00Z'))).toBeNull();
    const startsAfterEnd = schedule({
      startStrategy: 'scheduled',
      startAt: at('2025-07-01T00:00:00Z'),
      isEndless: false,
      endAt: at('2025-06-01T00:00:00Z'),
    });
    expect(firstRunAt(startsAfterEnd, clock.now(), null)).toBeNull();
  });
});

describe('nextRunAfter', () => {
  it('completes a one-time workflow', () => {
    expect(
      nextRunAfter(
        schedule({ frequencyType: 'once' }),
        at('2025-05-01T09:00:00Z'),
        at('2025-05-01T09:00:01Z'),
      ),
    ).toBeNull();
  });

  it('adds the interval to the previous due time, not to the time the run started', () => {
    const clock = createManualClock(at('2025-05-01T09:00:40Z'));
    expect(nextRunAfter(schedule(), at('2025-05-01T09:00:00Z'), clock.now())).toEqual(
      at('2025-05-02T09:00:00Z'),
    );
  });

  it('is never in the past: a run claimed a week late schedules the next future occurrence', () => {
    const clock = createManualClock(at('2025-05-08T12:00:00Z'));
    const next = nextRunAfter(schedule(), at('2025-05-01T09:00:00Z'), clock.now());
    expect(next).toEqual(at('2025-05-09T09:00:00Z'));
    expect(next?.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(next && next.getTime() - clock.now().getTime()).toBeLessThan(DAY_MS);
  });

  it('walks month ends one month at a time (Jan 31, Feb 28, Mar 28)', () => {
    const monthly = schedule({ frequencyType: 'months' });
    const feb = nextRunAfter(monthly, at('2025-01-31T09:00:00Z'), at('2025-01-31T09:01:00Z'));
    expect(feb).toEqual(at('2025-02-28T09:00:00Z'));
    expect(nextRunAfter(monthly, feb as Date, at('2025-02-28T09:01:00Z'))).toEqual(
      at('2025-03-28T09:00:00Z'),
    );
  });

  it('completes when the next occurrence is after the end date, and keeps the end when endless', () => {
    const weekly = schedule({ frequencyType: 'weeks', isEndless: false, endAt: at('2025-05-07T00:00:00Z') });
    expect(nextRunAfter(weekly, at('2025-05-01T09:00:00Z'), at('2025-05-01T09:01:00Z'))).toBeNull();
    const stillOn = { ...weekly, endAt: at('2025-05-08T09:00:00Z') };
    expect(nextRunAfter(stillOn, at('2025-05-01T09:00:00Z'), at('2025-05-01T09:01:00Z'))).toEqual(
      at('2025-05-08T09:00:00Z'),
    );
    expect(
      nextRunAfter({ ...weekly, isEndless: true }, at('2025-05-01T09:00:00Z'), at('2025-05-01T09:01:00Z')),
    ).toEqual(at('2025-05-08T09:00:00Z'));
  });

  it('keeps 09:00 local across a daylight saving change for a daily run', () => {
    const la = schedule({ timezone: 'America/Los_Angeles' });
    // 09:00 PST = 17:00Z on Mar 8; 09:00 PDT = 16:00Z on Mar 9.
    expect(nextRunAfter(la, at('2025-03-08T17:00:00Z'), at('2025-03-08T17:00:05Z'))).toEqual(
      at('2025-03-09T16:00:00Z'),
    );
  });
});
