import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock';
import { accountAgeDays, accountKindOf, dailyLimit, rampUpCap } from './quota-policy';

describe('quota policy (decision 006)', () => {
  it('limits Workspace to 2,000 and gmail.com to 500 once ramped up', () => {
    expect(dailyLimit('workspace', 365)).toBe(2000);
    expect(dailyLimit('consumer', 365)).toBe(500);
  });

  it('ramps a new mailbox up week by week', () => {
    const schedule = [0, 6, 7, 14, 21, 28, 35, 42, 49, 56].map((day) => [day, rampUpCap(day)]);
    expect(schedule).toEqual([
      [0, 50],
      [6, 50],
      [7, 100],
      [14, 200],
      [21, 350],
      [28, 500],
      [35, 750],
      [42, 1000],
      [49, 1500],
      [56, 2000],
    ]);
    expect(dailyLimit('consumer', 40)).toBe(500);
    expect(dailyLimit('workspace', 40)).toBe(750);
  });

  it('lets an explicit per-account limit win', () => {
    expect(dailyLimit('workspace', 0, 5)).toBe(5);
  });

  it('counts age in whole days since connecting, and tells the kind by domain', () => {
    const connected = new Date('2025-05-01T09:00:00Z');
    expect(accountAgeDays(connected, new Date(connected.getTime() + DAY_MS - 1))).toBe(0);
    expect(accountAgeDays(connected, new Date(connected.getTime() + 3 * DAY_MS))).toBe(3);
    expect(accountAgeDays(connected, new Date(connected.getTime() - DAY_MS))).toBe(0);
    expect(accountKindOf('a@gmail.com')).toBe('consumer');
    expect(accountKindOf('a@GoogleMail.com')).toBe('consumer');
    expect(accountKindOf('a@acme.example')).toBe('workspace');
  });
});
