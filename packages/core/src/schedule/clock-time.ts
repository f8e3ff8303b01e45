/** A time a user reads in a waiting reason: "14:05 UTC", or "Nov 24, 14:05 UTC" on another day than `now`. */
export function clockTime(at: Date, now: Date): string {
  const time = `${at.toISOString().slice(11, 16)} UTC`;
  if (at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return time;
  const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${time}`;
}
