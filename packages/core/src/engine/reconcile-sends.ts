import { emailSends } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { type DeliveryOutcome, deliverSend } from './deliver-send';
import { type EngineDeps, SENDING_TIMEOUT_MS } from './engine-deps';
import { inLanes } from './lanes';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Rule 12: sends left in 'sending' longer than the timeout belonged to a worker that died between claiming
 * and recording. Each is taken over with a guarded update of claimed_at (one reconciler per send), then
 * looked up in its mailbox by Message-ID: found, it is marked sent; not found, it is sent now.
 */
export async function reconcileStaleSends(deps: EngineDeps, concurrency = 4): Promise<DeliveryOutcome[]> {
  const now = deps.clock.now();
  const stale = await queryRows<{ id: string }>(
    deps.db,
    sql`with stale as materialized (
        select ${emailSends.id} as id from ${emailSends}
        where ${emailSends.state} = 'sending' and ${emailSends.claimedAt} < ${iso(new Date(now.getTime() - SENDING_TIMEOUT_MS))}
        order by ${emailSends.claimedAt} limit 100
        for update skip locked)
      update ${emailSends} set claimed_at = ${iso(now)}, attempts = ${emailSends.attempts} + 1, updated_at = ${iso(now)}
      from stale
      where ${emailSends.id} = stale.id and ${emailSends.state} = 'sending'
      returning ${emailSends.id} as id`,
  );
  const outcomes: DeliveryOutcome[] = [];
  await inLanes(stale, concurrency, async ({ id }) => {
    outcomes.push(await deliverSend(deps, id, { lookUpFirst: true }));
  });
  return outcomes;
}
