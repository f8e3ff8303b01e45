import { describe, expect, it } from 'vitest';
import { enrolmentSummary } from './enrolment-summary';

const none = { alreadyEnrolled: 0, unsubscribed: 0, suppressed: 0, bounced: 0, blacklisted: 0, overLimit: 0 };

describe('enrolmentSummary', () => {
  it('names only the reasons that skipped someone', () => {
    expect(enrolmentSummary({ enrolled: 3, skipped: none })).toBe('3 enrolled');
    expect(
      enrolmentSummary({
        enrolled: 0,
        skipped: { ...none, alreadyEnrolled: 1, blacklisted: 2, overLimit: 4 },
      }),
    ).toBe('0 enrolled, 1 already enrolled, 2 blacklisted, 4 over the contact limit');
  });
});
