import { DateTime } from 'luxon';

/** The hours (local time, Monday to Friday) the assistant sends answers in, in the sequence's time zone. */
export const ASSISTANT_SENDING_HOURS = { from: 8, to: 18 } as const;

/** `instant` when it falls in the sending hours of `timezone`, else the start of the next working day's hours. */
export function withinSendingHours(instant: Date, timezone: string): Date {
  const local = DateTime.fromJSDate(instant, { zone: timezone });
  const zoned = local.isValid ? local : DateTime.fromJSDate(instant, { zone: 'UTC' });
  const weekday = zoned.weekday <= 5;
  if (weekday && zoned.hour >= ASSISTANT_SENDING_HOURS.from && zoned.hour < ASSISTANT_SENDING_HOURS.to) {
    return instant;
  }
  let day = zoned.startOf('day');
  if (!weekday || zoned.hour >= ASSISTANT_SENDING_HOURS.to) day = day.plus({ days: 1 });
  while (day.weekday > 5) day = day.plus({ days: 1 });
  return day.set({ hour: ASSISTANT_SENDING_HOURS.from }).toJSDate();
}
