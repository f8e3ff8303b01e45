import { sql } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

/** How long delivered and failed events stay in the outbox and the delivery log. */
export const WEBHOOK_HISTORY_DAYS = 30;

/**
 * Deletes events older than the retention whose messages are all settled (delivered or failed), with their
 * messages and delivery log (cascade). Events still pending or in flight are kept whatever their age.
 */
export async function pruneWebhookHistory(deps: CoreDeps, limit = 5_000): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - WEBHOOK_HISTORY_DAYS * DAY_MS);
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`delete from webhook_events where id in (
        select e.id from webhook_events e
        where e.occurred_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from webhook_messages m
            where m.event_id = e.id and m.state in ('pending', 'sending'))
        limit ${limit})
      returning id`,
  );
  return rows.length;
}
