import type { SenderRejections } from '@prospector/contracts';
import { type AppDb, emailSends, trackingEvents } from '@prospector/db';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';

/** The Gmail connection page counts sender-side rejections over this window. */
export const SENDER_REJECTION_WINDOW_MS = 30 * 24 * 3600_000;

export const NO_SENDER_REJECTIONS: SenderRejections = { count: 0, last: null };

interface Row {
  account_id: string;
  count: number;
  last_at: Date | string;
  last_payload: { bounce?: { status?: string; diagnostic?: string | null } } | null;
}

/**
 * Per mailbox: how many of its emails recipients' servers refused because of the sender (policy, spam,
 * authentication, reputation) in the last 30 days, and the latest one. The address was fine, so these
 * show on the mailbox, not on the contact (decision 016).
 */
export async function senderRejectionsOf(
  db: Pick<AppDb, 'execute'>,
  accountIds: string[],
  now: Date,
): Promise<Map<string, SenderRejections>> {
  if (!accountIds.length) return new Map();
  const since = new Date(now.getTime() - SENDER_REJECTION_WINDOW_MS).toISOString();
  const rows = await queryRows<Row>(
    db,
    sql`select distinct on (s.sender_account_id) s.sender_account_id as account_id,
        count(*) over (partition by s.sender_account_id)::int as count,
        e.occurred_at as last_at, e.raw_payload as last_payload
      from ${trackingEvents} e join ${emailSends} s on s.id = e.email_send_id
      where e.flagged_reason = 'sender_rejection' and e.occurred_at >= ${since}::timestamptz
        and ${inArray(sql`s.sender_account_id`, accountIds)}
      order by s.sender_account_id, e.occurred_at desc`,
  );
  return new Map(
    rows.map((row) => [
      row.account_id,
      {
        count: row.count,
        last: {
          at: new Date(row.last_at).toISOString(),
          status: row.last_payload?.bounce?.status ?? null,
          diagnostic: row.last_payload?.bounce?.diagnostic ?? null,
        },
      },
    ]),
  );
}
