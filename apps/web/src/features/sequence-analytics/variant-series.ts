import type { VariantDay } from '@prospector/contracts';

/** One point of the chart: the day, and per variant label its reply rate so far (emails sent up to that day). */
export type ReplyRatePoint = { date: string } & Record<string, number | string | null>;

/**
 * The cumulative reply rate of each variant of one step by day of sending: on each day, the replies to
 * all its emails sent up to that day over those emails (null before its first email).
 */
export function cumulativeReplyRates(
  days: VariantDay[],
  stepId: string,
): { labels: string[]; points: ReplyRatePoint[] } {
  const ofStep = days.filter((day) => day.stepId === stepId);
  const labels = [...new Set(ofStep.map((day) => day.label))].sort();
  const dates = [...new Set(ofStep.map((day) => day.date))].sort();
  const totals = new Map(labels.map((label) => [label, { sent: 0, replied: 0 }]));
  const points = dates.map((date) => {
    const point: ReplyRatePoint = { date };
    for (const label of labels) {
      const total = totals.get(label)!;
      for (const day of ofStep) {
        if (day.date === date && day.label === label) {
          total.sent += day.sent;
          total.replied += day.replied;
        }
      }
      point[label] = total.sent > 0 ? total.replied / total.sent : null;
    }
    return point;
  });
  return { labels, points };
}
