const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A rate (a fraction of the contacts sent) as a percentage: 0.3333 is "33.3%". */
export const formatRate = (rate: number) => percentFormat.format(rate);

export const formatCount = (count: number) => countFormat.format(count);

/** A YYYY-MM-DD day label: "2025-04-01" is "Apr 1", whatever the browser's zone. */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** A bar's width for `part` of `whole`, in percent; a non-zero part stays visible. */
export function barWidth(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.max(2, Math.min(100, (part / whole) * 100));
}
