import { DateTime } from 'luxon';

export interface SendTimeInput {
  /** The instant the step is reached. */
  reachedAt: Date;
  /** Whole days after the local calendar date of `reachedAt`. */
  dayOffset: number;
  hour: number;
  minute: number;
  /** IANA zone of the sequence, e.g. 'America/New_York'. */
  timezone: string;
  skipWeekends: boolean;
}

const SATURDAY = 6;
const SUNDAY = 7;

/** Long enough to look past any daylight-saving transition when probing the earlier offset. */
const TRANSITION_PROBE_MS = 6 * 60 * 60 * 1000;

/**
 * The local date `date` at hour:minute in the date's zone. A wall time that does not exist (the
 * spring-forward gap) moves forward by the gap, as Luxon resolves it; an ambiguous one (fall-back) takes
 * its first occurrence, the earlier instant, where Luxon would pick the later one.
 */
function atLocalTime(date: DateTime, hour: number, minute: number): DateTime {
  const wall = { year: date.year, month: date.month, day: date.day, hour, minute, second: 0, millisecond: 0 };
  const resolved = DateTime.fromObject(wall, { zone: date.zone });
  const millis = resolved.toMillis();
  const earlierOffset = date.zone.offset(millis - TRANSITION_PROBE_MS);
  if (earlierOffset <= resolved.offset) return resolved;
  const first = DateTime.fromMillis(millis - (earlierOffset - resolved.offset) * 60_000, { zone: date.zone });
  const sameWall = first.day === resolved.day && first.hour === hour && first.minute === minute;
  return sameWall ? first : resolved;
}

function localDay(instant: Date, timezone: string): DateTime {
  const local = DateTime.fromJSDate(instant, { zone: timezone });
  if (!local.isValid) throw new RangeError(`Unknown time zone: ${timezone}`);
  return local.startOf('day');
}

/** Saturday and Sunday move to the following Monday; other days stay. */
function skipWeekend(day: DateTime): DateTime {
  if (day.weekday === SATURDAY) return day.plus({ days: 2 });
  if (day.weekday === SUNDAY) return day.plus({ days: 1 });
  return day;
}

/** The first day from `day` on whose send time is strictly after `after` (or at/after with `inclusive`). */
function firstSendTime(
  day: DateTime,
  after: Date,
  input: { hour: number; minute: number; skipWeekends: boolean },
  inclusive: boolean,
): Date {
  let candidate = atLocalTime(day, input.hour, input.minute);
  const tooEarly = inclusive
    ? candidate.toMillis() < after.getTime()
    : candidate.toMillis() <= after.getTime();
  if (tooEarly) candidate = atLocalTime(day.plus({ days: 1 }), input.hour, input.minute);
  if (input.skipWeekends) {
    candidate = atLocalTime(skipWeekend(candidate.startOf('day')), input.hour, input.minute);
  }
  return candidate.toJSDate();
}

/**
 * When a send_email step reached at `reachedAt` sends: the zone's local calendar date of `reachedAt` plus
 * `dayOffset` days, at hour:minute; if that is before `reachedAt`, the same time the following day; on a
 * Saturday or Sunday, the following Monday at the same time when weekends are skipped.
 */
export function sendTimeFor(input: SendTimeInput): Date {
  const day = localDay(input.reachedAt, input.timezone).plus({ days: Math.max(0, input.dayOffset) });
  return firstSendTime(day, input.reachedAt, input, true);
}

export interface SendOpportunityInput {
  after: Date;
  hour: number;
  minute: number;
  timezone: string;
  skipWeekends: boolean;
}

/**
 * The next local send time strictly after `after`: later the same local day when `after` is before that
 * day's send time (a send held overnight goes out that morning), otherwise the following day, and the
 * Monday after a weekend when weekends are skipped. Used when a send cannot go out within the hold limit
 * of its scheduled time, so mail never goes out at night.
 */
export function nextSendOpportunity(input: SendOpportunityInput): Date {
  return firstSendTime(localDay(input.after, input.timezone), input.after, input, false);
}

/** The instant a send made at `sentAt` is judged: an absolute duration, independent of any zone. */
export function reactionDeadline(sentAt: Date, hours: number, minutes: number): Date {
  return new Date(sentAt.getTime() + (hours * 60 + minutes) * 60_000);
}
