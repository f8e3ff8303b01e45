import type { SendFunnel } from '@prospector/contracts';
import { emailSends } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import { positiveReplyCondition, repliedWithLeadStatus } from './positive-replies';

/** Aggregates over email_sends: sent emails, and of those, opened, replied (interested, positive) and bounced ones. */
export const funnelColumns = {
  sent: sql<number>`count(*) filter (where ${emailSends.state} = 'sent')::int`,
  opened: sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.openedAt} is not null)::int`,
  replied: sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.repliedAt} is not null)::int`,
  bounced: sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.bouncedAt} is not null)::int`,
  // Replied emails whose contact the Inbox sorted as interested, or as any positive status.
  interested: sentWhere(repliedWithLeadStatus(['interested'])),
  positive: sentWhere(positiveReplyCondition()),
};

function sentWhere(condition: SQL<boolean>) {
  return sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${condition})::int`;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function toFunnel(counts: {
  sent: number;
  opened: number;
  replied: number;
  bounced: number;
  interested: number;
  positive: number;
}): SendFunnel {
  const sent = Number(counts.sent);
  const opened = Number(counts.opened);
  const replied = Number(counts.replied);
  return {
    sent,
    opened,
    replied,
    bounced: Number(counts.bounced),
    openRate: rate(opened, sent),
    replyRate: rate(replied, sent),
    interested: Number(counts.interested),
    positive: Number(counts.positive),
    interestedRate: rate(Number(counts.interested), sent),
    positiveRate: rate(Number(counts.positive), sent),
  };
}

export const EMPTY_COUNTS = { sent: 0, opened: 0, replied: 0, bounced: 0, interested: 0, positive: 0 };
