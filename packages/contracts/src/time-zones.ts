import { z } from 'zod';

export const TIMEZONE_INVALID = 'Time zone must be an IANA time zone such as Europe/Paris';

/** Where a contact's time zone comes from: given by the user, or told by its city or its country. */
export const TIMEZONE_SOURCES = ['given', 'city', 'country'] as const;
export type TimezoneSource = (typeof TIMEZONE_SOURCES)[number];

/** True for a zone name the runtime's time-zone database knows ('Asia/Tokyo', 'UTC'), not 'EST' or '+02:00'. */
export function isTimeZone(zone: string): boolean {
  if (zone !== 'UTC' && !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An optional IANA zone: empty is none. */
export const optionalTimezone = z
  .string()
  .trim()
  .max(64, TIMEZONE_INVALID)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isTimeZone(value), TIMEZONE_INVALID);
