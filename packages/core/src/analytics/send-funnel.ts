import type { SendFunnel } from '@prospector/contracts';
import type { EngagementCounts } from './contact-engagement';

export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** The figures of a set of sent emails with their rates over the unique contacts sent. */
export function toFunnel(counts: EngagementCounts): SendFunnel {
  const { sent } = counts;
  return {
    sent,
    delivered: counts.delivered,
    opened: counts.opened,
    clicked: counts.clicked,
    replied: counts.replied,
    bounced: counts.bounced,
    unsubscribed: counts.unsubscribed,
    openRate: rate(counts.opened, sent),
    clickRate: rate(counts.clicked, sent),
    replyRate: rate(counts.replied, sent),
    bounceRate: rate(counts.bounced, sent),
    interested: counts.interested,
    positive: counts.positive,
    interestedRate: rate(counts.interested, sent),
    positiveRate: rate(counts.positive, sent),
  };
}
