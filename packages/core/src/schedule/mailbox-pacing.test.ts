import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock';
import { DEFAULT_HOLD_LIMIT_MS, drawGapSeconds, type PacingInput, pacingDecision } from './mailbox-pacing';
import { nextSendOpportunity } from './send-time';

const HOUR_MS = 3_600_000;
const t0 = new Date('2026-03-03T14:00:00Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);

describe('drawGapSeconds', () => {
  it('covers both ends of the range with whole seconds', () => {
    expect(drawGapSeconds(60, 180, () => 0)).toBe(60);
    expect(drawGapSeconds(60, 180, () => 0.999_999_999)).toBe(180);
    expect(drawGapSeconds(60, 180, () => 0.5)).toBe(120);
  });

  it('allows 0 and 0', () => {
    expect(drawGapSeconds(0, 0, Math.random)).toBe(0);
  });

  it('returns the single value of an empty range', () => {
    expect(drawGapSeconds(90, 90, () => 0.7)).toBe(90);
  });

  it('is roughly uniform over the range', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const counts = new Array(4).fill(0);
    for (let i = 0; i < 40_000; i += 1) counts[drawGapSeconds(1, 4, random) - 1] += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('stays inside [min, max] for any random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3600 }),
        fc.integer({ min: 0, max: 3600 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (a, b, r) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const gap = drawGapSeconds(min, max, () => r);
          return Number.isInteger(gap) && gap >= min && gap <= max;
        },
      ),
    );
  });
});

describe('pacingDecision', () => {
  const base: PacingInput = { now: t0, sentInLast24h: 0, dailyLimit: 50, nextSendAt: null, scheduledFor: t0 };

  it('sends when under the limit and past the gap', () => {
    expect(pacingDecision(base)).toEqual({ action: 'send' });
    expect(pacingDecision({ ...base, nextSendAt: plus(-1000), sentInLast24h: 49 })).toEqual({
      action: 'send',
    });
    expect(pacingDecision({ ...base, nextSendAt: t0 })).toEqual({ action: 'send' });
  });

  it('waits for the gap to end', () => {
    expect(pacingDecision({ ...base, nextSendAt: plus(90_000) })).toEqual({
      action: 'wait',
      until: plus(90_000),
      reason: 'spacing',
    });
  });

  it('waits for quota to free up within the hold limit', () => {
    const decision = pacingDecision({ ...base, sentInLast24h: 50, quotaFreesAt: plus(HOUR_MS) });
    expect(decision).toEqual({ action: 'wait', until: plus(HOUR_MS), reason: 'daily_limit' });
  });

  it('waits for the later of quota and gap', () => {
    const decision = pacingDecision({
      ...base,
      sentInLast24h: 50,
      quotaFreesAt: plus(60_000),
      nextSendAt: plus(120_000),
    });
    expect(decision).toEqual({ action: 'wait', until: plus(120_000), reason: 'daily_limit' });
  });

  it('defers to the next day when quota frees after the hold limit', () => {
    const decision = pacingDecision({ ...base, sentInLast24h: 50, quotaFreesAt: plus(5 * HOUR_MS) });
    expect(decision).toEqual({ action: 'defer', reason: 'daily_limit' });
  });

  it('defers when the limit is reached and nobody says when it frees', () => {
    expect(pacingDecision({ ...base, sentInLast24h: 50 })).toEqual({
      action: 'defer',
      reason: 'daily_limit',
    });
  });

  it('waits exactly up to the hold limit, and defers one millisecond past it', () => {
    const atLimit = plus(DEFAULT_HOLD_LIMIT_MS);
    expect(pacingDecision({ ...base, nextSendAt: atLimit })).toEqual({
      action: 'wait',
      until: atLimit,
      reason: 'spacing',
    });
    expect(pacingDecision({ ...base, nextSendAt: plus(DEFAULT_HOLD_LIMIT_MS + 1) })).toEqual({
      action: 'defer',
      reason: 'spacing',
    });
  });

  it('defers a send already past the hold limit even when the mailbox is free', () => {
    const now = plus(DEFAULT_HOLD_LIMIT_MS + 1000);
    expect(pacingDecision({ ...base, now })).toEqual({ action: 'defer', reason: 'late' });
  });

  it('honours a custom hold limit', () => {
    expect(pacingDecision({ ...base, nextSendAt: plus(2 * HOUR_MS), holdLimitMs: HOUR_MS })).toEqual({
      action: 'defer',
      reason: 'spacing',
    });
  });
});

interface Scenario {
  dailyLimit: number;
  minGap: number;
  maxGap: number;
  /** Minutes after t0 at which each send is due. */
  dueMinutes: number[];
  /** Worker tick lag in seconds, cycled. */
  lags: number[];
  randoms: number[];
}

/**
 * One mailbox's dispatcher driven by the pacing decision over a stream of due sends: returns the instants
 * at which sends went out, with the scheduled time each went out against.
 */
function simulate(scenario: Scenario) {
  const pending = scenario.dueMinutes.map((minutes) => ({ scheduledFor: plus(minutes * 60_000) }));
  const sent: { at: number; scheduledFor: number }[] = [];
  let nextSendAt: Date | null = null;
  let now = t0.getTime();
  let step = 0;
  while (pending.length > 0 && step < 5_000) {
    step += 1;
    pending.sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime());
    const due = pending[0]!;
    now =
      Math.max(now, due.scheduledFor.getTime()) + (scenario.lags[step % scenario.lags.length] ?? 0) * 1000;
    const inWindow = sent.filter((send) => send.at > now - DAY_MS);
    const decision = pacingDecision({
      now: new Date(now),
      sentInLast24h: inWindow.length,
      dailyLimit: scenario.dailyLimit,
      nextSendAt,
      scheduledFor: due.scheduledFor,
      quotaFreesAt: inWindow.length > 0 ? new Date(inWindow[0]!.at + DAY_MS) : null,
    });
    if (decision.action === 'send') {
      sent.push({ at: now, scheduledFor: due.scheduledFor.getTime() });
      pending.shift();
      const random = scenario.randoms[sent.length % scenario.randoms.length] ?? 0;
      const gap = drawGapSeconds(scenario.minGap, scenario.maxGap, () => random);
      nextSendAt = new Date(now + gap * 1000);
    } else if (decision.action === 'wait') {
      now = decision.until.getTime();
    } else {
      due.scheduledFor = nextSendOpportunity({
        after: new Date(now),
        hour: 9,
        minute: 0,
        timezone: 'America/New_York',
        skipWeekends: true,
      });
    }
  }
  return { sent, unsent: pending.length };
}

describe('pacing over random send streams', () => {
  const scenarios = fc
    .record({
      dailyLimit: fc.integer({ min: 1, max: 30 }),
      minGap: fc.integer({ min: 0, max: 600 }),
      spread: fc.integer({ min: 0, max: 600 }),
      dueMinutes: fc.array(fc.integer({ min: 0, max: 4 * 24 * 60 }), { minLength: 1, maxLength: 120 }),
      lags: fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 1, maxLength: 8 }),
      randoms: fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
        minLength: 1,
        maxLength: 8,
      }),
    })
    .map(({ spread, ...rest }) => ({ ...rest, maxGap: rest.minGap + spread }));

  it('never lets more than the daily limit out in any rolling 24 hours', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const { sent } = simulate(scenario);
        for (const send of sent) {
          const inWindow = sent.filter((other) => other.at > send.at - DAY_MS && other.at <= send.at);
          if (inWindow.length > scenario.dailyLimit) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('never sends two emails closer than the minimum gap', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const { sent } = simulate(scenario);
        for (let i = 1; i < sent.length; i += 1) {
          if (sent[i]!.at - sent[i - 1]!.at < scenario.minGap * 1000) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('never sends later than the hold limit after the time it was due', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const { sent } = simulate(scenario);
        return sent.every((send) => send.at - send.scheduledFor <= DEFAULT_HOLD_LIMIT_MS);
      }),
      { numRuns: 300 },
    );
  });

  it('eventually sends every email', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => simulate(scenario).unsent === 0),
      { numRuns: 100 },
    );
  });
});
