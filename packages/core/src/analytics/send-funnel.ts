import type { SendFunnel } from '@prospector/contracts';
import { emailSends } from '@prospector/db';
import { sql } from 'drizzle-orm';

/** Aggregates over email_sends: sent emails, and of those, opened, replied and bounced ones. */
export const funnelColumns = {
  sent: sql<number>`count(*) filter (where ${emailSends.state} = 'sent')::int`,
  opened: sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.openedAt} is not null)::int`,
  replied: sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.repliedAt} is not null)::int`,
  bounced: sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.bouncedAt} is not null)::int`,
};

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function toFunnel(counts: {
  sent: number;
  opened: number;
  replied: number;
  bounced: number;
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
  };
}

export const EMPTY_COUNTS = { sent: 0, opened: 0, replied: 0, bounced: 0 };
