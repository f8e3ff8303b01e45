import { describe, expect, it } from 'vitest';
import { stepTimeText } from './step-time';

const step = { sendHour: 9, sendMinute: 5 };

describe('stepTimeText', () => {
  it("writes a step's time with the abbreviation of the sequence's zone on that day", () => {
    const winter = new Date('2026-11-30T12:00:00Z');
    const summer = new Date('2026-07-01T12:00:00Z');
    const berlin = { timezone: 'Europe/Berlin', useRecipientTimezone: false };
    expect(stepTimeText(step, berlin, winter)).toBe('09:05 CET');
    expect(stepTimeText(step, berlin, summer)).toBe('09:05 CEST');
    expect(stepTimeText(step, { timezone: 'America/Chicago', useRecipientTimezone: false }, winter)).toBe(
      '09:05 CST',
    );
  });

  it("says the time is each recipient's own when the sequence sends at local time", () => {
    expect(
      stepTimeText(
        step,
        { timezone: 'Europe/London', useRecipientTimezone: true },
        new Date('2026-11-30T12:00:00Z'),
      ),
    ).toBe("09:05 in each recipient's zone (else GMT)");
  });
});
