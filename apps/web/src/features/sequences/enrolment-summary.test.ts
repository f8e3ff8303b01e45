import { describe, expect, it } from 'vitest';
import { enrolmentSummary } from './enrolment-summary';

const none = {
  alreadyEnrolled: 0,
  unsubscribed: 0,
  suppressed: 0,
  bounced: 0,
  blacklisted: 0,
  overLimit: 0,
  inOtherSequence: 0,
};

describe('enrolmentSummary', () => {
  it('says how many were enrolled and nothing about skips when there were none', () => {
    expect(enrolmentSummary({ enrolled: 1, skipped: none })).toEqual({
      enrolled: '1 contact enrolled',
      skipped: null,
    });
  });

  it('lists only the reasons that skipped someone, in a fixed order', () => {
    const result = { enrolled: 0, skipped: { ...none, overLimit: 4, alreadyEnrolled: 2 } };
    expect(enrolmentSummary(result)).toEqual({
      enrolled: '0 contacts enrolled',
      skipped: 'Skipped: 2 already enrolled, 4 over the contact limit',
    });
  });
});
