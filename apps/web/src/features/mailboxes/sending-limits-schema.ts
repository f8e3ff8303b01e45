import {
  dailyLimitAboveProviderMaximum,
  dailyLimitAboveRampUp,
  MAX_GAP_SECONDS,
  type MailboxSendingLimits,
  MIN_GAP_ABOVE_MAX,
} from '@prospector/contracts';
import { z } from 'zod';

// A sign is accepted here so that -5 is told it is too small rather than not a whole number.
const WHOLE = /^[-+]?\d+$/;

const gapField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => value === '' || WHOLE.test(value), `${label} must be a whole number of seconds`)
    .refine((value) => !value.startsWith('-') || !WHOLE.test(value), `${label} cannot be negative`)
    .transform(Number)
    .refine(
      (value) => value <= MAX_GAP_SECONDS,
      `${label} cannot be more than ${MAX_GAP_SECONDS} seconds (one day)`,
    );

/**
 * The Sending limits form: text inputs in, the PATCH body out. An empty daily limit means the default
 * (the ramp-up limit), which the server stores as null.
 */
export function sendingLimitsFormSchema(rampUpLimit: number, providerMaximum: number, owner?: string) {
  const tooHigh =
    rampUpLimit >= providerMaximum
      ? dailyLimitAboveProviderMaximum(rampUpLimit, owner)
      : dailyLimitAboveRampUp(rampUpLimit);
  return z
    .object({
      dailyLimit: z
        .string()
        .trim()
        .refine((value) => value === '' || WHOLE.test(value), 'Daily limit must be a whole number')
        .transform((value) => (value === '' ? null : Number(value)))
        .refine((value) => value === null || value >= 1, 'Daily limit must be at least 1')
        .refine((value) => value === null || value <= rampUpLimit, tooHigh),
      minGapSeconds: gapField('Minimum gap'),
      maxGapSeconds: gapField('Maximum gap'),
    })
    .refine((v) => v.minGapSeconds <= v.maxGapSeconds, {
      message: MIN_GAP_ABOVE_MAX,
      path: ['maxGapSeconds'],
    });
}

export type SendingLimitsFormValues = z.input<ReturnType<typeof sendingLimitsFormSchema>>;

export const sendingLimitsFormValues = (
  limits: Pick<MailboxSendingLimits, 'dailyLimit' | 'minGapSeconds' | 'maxGapSeconds'>,
): SendingLimitsFormValues => ({
  dailyLimit: limits.dailyLimit === null ? '' : String(limits.dailyLimit),
  minGapSeconds: String(limits.minGapSeconds),
  maxGapSeconds: String(limits.maxGapSeconds),
});
