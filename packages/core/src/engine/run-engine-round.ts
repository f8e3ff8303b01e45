import { emailSends, gmailAccounts, sequenceContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { evaluateAbTests } from '../ab-tests/evaluate-winners';
import { queryRows } from '../contacts/sql-rows';
import { type DispatchOptions, dispatchDueSends } from './dispatch-sends';
import type { EngineDeps } from './engine-deps';
import { enrolNewListMembers } from './enrol-new-members';
import { holdDueSends } from './hold-sends';
import { reconcileStaleSends } from './reconcile-sends';
import { tickEnrolments } from './tick';

export interface EngineRound {
  reconciled: number;
  ticked: number;
  cancelled: number;
  moved: number;
  sent: number;
  failed: number;
  /** When there will next be something to send: a mailbox's gap ending, or the next scheduled send. */
  nextWakeAt: Date | null;
}

/**
 * One round of the engine, safe to run in any number of workers at once: reconcile abandoned sends,
 * decide A/B winners, advance due enrolments (schedule, judge, wait), hold or move sends that cannot go, dispatch the rest.
 */
export async function runEngineRound(deps: EngineDeps, options: DispatchOptions = {}): Promise<EngineRound> {
  const reconciled = await reconcileStaleSends(deps, options.concurrency);
  // Before the tick, so enrolments reaching a step this round already get a winner decided now.
  await evaluateAbTests(deps);
  // Before the tick, so contacts that joined a linked list are entered in this round.
  await enrolNewListMembers(deps);
  const ticked = await tickEnrolments(deps);
  const held = await holdDueSends(deps);
  const dispatched = await dispatchDueSends(deps, options);
  return {
    reconciled: reconciled.length,
    ticked,
    cancelled: held.cancelled,
    moved: held.moved,
    sent: dispatched.sent + dispatched.found,
    failed: dispatched.failed,
    nextWakeAt: await nextWake(deps),
  };
}

/** The next moment a round has work: a scheduled send, an enrolment due (entry, reaction deadline, wait end), a gap ending. */
async function nextWake(deps: EngineDeps): Promise<Date | null> {
  const now = deps.clock.now().toISOString();
  const [row] = await queryRows<{ at: string | Date | null }>(
    deps.db,
    sql`select least(
        (select min(${emailSends.scheduledFor}) from ${emailSends}
          where ${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} > ${now}::timestamptz),
        (select min(${sequenceContacts.nextRunAt}) from ${sequenceContacts}
          where ${sequenceContacts.status} = 'active' and ${sequenceContacts.nextRunAt} > ${now}::timestamptz),
        (select min(${gmailAccounts.nextSendAt}) from ${gmailAccounts}
          where ${gmailAccounts.nextSendAt} > ${now}::timestamptz and exists (
            select 1 from ${emailSends} where ${emailSends.senderAccountId} = ${gmailAccounts.id}
              and ${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} <= ${now}::timestamptz))
      ) as at`,
  );
  return row?.at ? new Date(row.at) : null;
}
