import {
  dailyLimitAboveProviderMaximum,
  dailyLimitAboveRampUp,
  MIN_GAP_ABOVE_MAX,
} from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { sendingLimitsFormSchema, sendingLimitsFormValues } from './sending-limits-schema';

const schema = sendingLimitsFormSchema(50, 2000);
const errorsOf = (values: Record<string, string>) => {
  const result = schema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('sending limits form', () => {
  it('turns the inputs into the PATCH body, an empty daily limit meaning the default', () => {
    expect(schema.parse({ dailyLimit: ' 20 ', minGapSeconds: '0', maxGapSeconds: '0' })).toEqual({
      dailyLimit: 20,
      minGapSeconds: 0,
      maxGapSeconds: 0,
    });
    expect(schema.parse({ dailyLimit: '', minGapSeconds: '60', maxGapSeconds: '180' }).dailyLimit).toBeNull();
  });

  it('says what is wrong with each field', () => {
    expect(errorsOf({ dailyLimit: '0', minGapSeconds: '1', maxGapSeconds: '2' })).toEqual({
      dailyLimit: 'Daily limit must be at least 1',
    });
    expect(errorsOf({ dailyLimit: '2.5', minGapSeconds: '', maxGapSeconds: '-1' })).toEqual({
      dailyLimit: 'Daily limit must be a whole number',
      minGapSeconds: 'Minimum gap is required',
      maxGapSeconds: 'Maximum gap cannot be negative',
    });
    expect(errorsOf({ dailyLimit: '-5', minGapSeconds: '1.5', maxGapSeconds: '2' })).toEqual({
      dailyLimit: 'Daily limit must be at least 1',
      minGapSeconds: 'Minimum gap must be a whole number of seconds',
    });
    expect(errorsOf({ dailyLimit: '51', minGapSeconds: '1', maxGapSeconds: '2' })).toEqual({
      dailyLimit: dailyLimitAboveRampUp(50),
    });
    expect(errorsOf({ dailyLimit: '', minGapSeconds: '200', maxGapSeconds: '100' })).toEqual({
      maxGapSeconds: MIN_GAP_ABOVE_MAX,
    });
  });

  it("names Gmail's maximum once the mailbox is past the ramp-up", () => {
    const result = sendingLimitsFormSchema(500, 500).safeParse({
      dailyLimit: '501',
      minGapSeconds: '1',
      maxGapSeconds: '2',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([dailyLimitAboveProviderMaximum(500)]);
  });

  it("names the mailbox's own provider's maximum, as the server does", () => {
    const result = sendingLimitsFormSchema(10_000, 10_000, "Microsoft's").safeParse({
      dailyLimit: '10001',
      minGapSeconds: '2',
      maxGapSeconds: '180',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Daily limit cannot be more than 10000, Microsoft's maximum for this mailbox",
    ]);
  });

  it('fills the form from the stored limits', () => {
    const values = sendingLimitsFormValues({ dailyLimit: null, minGapSeconds: 60, maxGapSeconds: 180 });
    expect(values).toEqual({ dailyLimit: '', minGapSeconds: '60', maxGapSeconds: '180' });
  });
});
