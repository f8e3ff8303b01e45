/**
 * The one way the app writes a moment: its time with the zone's abbreviation, and its day when that is not
 * today in that zone ("4:44 PM CET", "tomorrow at 4:44 PM CET", "Mon 30 Nov at 9:00 AM CET", a year when it
 * is not this year's). The zone is the browser's unless a time belongs to a zone of its own (a sequence's).
 */

/** The browser's IANA zone, or UTC when the browser does not say. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let cached = formats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, cached);
  }
  return cached;
}

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? '';

/**
 * "CET", "EST", "UTC": American English names North American zones, British English most European ones;
 * a zone neither names is written as its offset ("GMT+9").
 */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  let offsetName = '';
  for (const locale of ['en-US', 'en-GB']) {
    const name = part(format(locale, timeZone, { timeZoneName: 'short' }).formatToParts(at), 'timeZoneName');
    if (!/^GMT[+-]/.test(name)) return name;
    offsetName ||= name;
  }
  return offsetName;
}

/** Days from `now`'s calendar day to `at`'s, both read in the zone. */
function dayDifference(at: Date, now: Date, timeZone: string): number {
  const day = (d: Date) => {
    const parts = format('en-US', timeZone, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).formatToParts(d);
    return Date.UTC(
      Number(part(parts, 'year')),
      Number(part(parts, 'month')) - 1,
      Number(part(parts, 'day')),
    );
  };
  return Math.round((day(at) - day(now)) / 86_400_000);
}

// Recent ICU writes a narrow no-break space before AM/PM; one plain space reads and tests the same everywhere.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** "4:44 PM CET": the clock time in the zone and the zone's abbreviation. */
export function clockText(at: Date, timeZone: string): string {
  const time = format('en-US', timeZone, { hour: 'numeric', minute: '2-digit' }).format(at);
  return `${plainSpaces(time)} ${zoneAbbreviation(at, timeZone)}`;
}

/** "today", "tomorrow", "yesterday", "Mon 30 Nov", "Mon 30 Nov 2025": the day of `at` as seen from `now`. */
export function dayText(at: Date, now: Date, timeZone: string): string {
  const difference = dayDifference(at, now, timeZone);
  if (difference === 0) return 'today';
  if (difference === 1) return 'tomorrow';
  if (difference === -1) return 'yesterday';
  const sameYear =
    format('en-US', timeZone, { year: 'numeric' }).format(at) ===
    format('en-US', timeZone, { year: 'numeric' }).format(now);
  const parts = format('en-US', timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(at);
  const date = `${part(parts, 'weekday')} ${part(parts, 'day')} ${part(parts, 'month')}`;
  return sameYear ? date : `${date} ${part(parts, 'year')}`;
}

export interface ZonedTimeOptions {
  /** The zone the time is read in; the browser's when left out. */
  timeZone?: string;
  /** The moment "today" is measured from; the current one when left out. */
  now?: Date;
}

/** "4:44 PM CET" today, else "tomorrow at 4:44 PM CET", "Mon 30 Nov at 9:00 AM CET". */
export function zonedTime(iso: string | Date, options: ZonedTimeOptions = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const timeZone = options.timeZone ?? browserTimeZone();
  const day = dayText(at, options.now ?? new Date(), timeZone);
  const clock = clockText(at, timeZone);
  return day === 'today' ? clock : `${day} at ${clock}`;
}

/** For after a verb: "at 4:44 PM CET", "tomorrow at 4:44 PM CET", "on Mon 30 Nov at 9:00 AM CET". */
export function zonedTimeAfterVerb(iso: string | Date, options: ZonedTimeOptions = {}): string {
  const text = zonedTime(iso, options);
  if (/^\d/.test(text)) return `at ${text}`;
  return /^(tomorrow|yesterday)/.test(text) ? text : `on ${text}`;
}

/** The same, written to begin a table cell: "Tomorrow at 4:44 PM CET". */
export const zonedTimeCell = (iso: string | Date, options: ZonedTimeOptions = {}): string => {
  const text = zonedTime(iso, options);
  return text.charAt(0).toUpperCase() + text.slice(1);
};
