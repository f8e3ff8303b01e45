import { contacts, emailSends, gmailAccounts, sequenceContacts, sequences } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { DEFAULT_HOLD_LIMIT_MS } from '../schedule/mailbox-pacing';
import type { EngineDeps } from './engine-deps';
import { contactBlocked, contactOnSuppressionList } from './send-conditions';

/** Why a send to an address the suppression list covers was cancelled (decision 046). */
export const ON_SUPPRESSION_LIST = 'Not sent: the address is on your suppression list';

import { nextStepSendTime, selectSendsWithStepTime } from './step-send-times';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Due sends looked at per pass; the next round takes the rest. */
const HOLD_BATCH = 1000;

/**
 * Before dispatching (rules 7, 8 and 11): cancels due sends that must never go (enrolment ended, contact
 * blocked, step deleted; an address on the suppression list says so), moves sends more than the hold limit late to their step's next local send time,
 * and writes why the remaining due sends wait (sequence paused, mailbox paused or disconnected).
 */
export async function holdDueSends(deps: EngineDeps): Promise<{ cancelled: number; moved: number }> {
  const now = deps.clock.now();
  const cancelled = await cancelDoomedSends(now);
  const moved = await moveLateSends(deps, now);
  await deps.db.execute(
    sql`update ${emailSends} set waiting_reason = reason.text, updated_at = ${iso(now)}
      from (
        select ${emailSends.id} as id,
          case when ${sequences.status} <> 'running' then 'Sequence paused'
            when ${sequenceContacts.status} = 'paused' then 'Enrolment paused'
            when ${gmailAccounts.id} is null then 'No mailbox to send from'
            when ${gmailAccounts.pausedAt} is not null then 'Mailbox paused: ' || coalesce(${gmailAccounts.pausedReason}, 'paused by the user')
            when ${gmailAccounts.status} <> 'connected' then ${gmailAccounts.email} || ' needs to be reconnected'
          end as text
        from ${emailSends}
        join ${sequences} on ${sequences.id} = ${emailSends.sequenceId}
        join ${sequenceContacts} on ${sequenceContacts.id} = ${emailSends.sequenceContactId}
        left join ${gmailAccounts} on ${gmailAccounts.id} = ${emailSends.senderAccountId}
        where ${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} <= ${iso(now)}
        limit ${HOLD_BATCH}
      ) as reason
      where ${emailSends.id} = reason.id and reason.text is not null
        and ${emailSends.waitingReason} is distinct from reason.text`,
  );
  return { cancelled, moved };

  async function cancelDoomedSends(at: Date): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      deps.db,
      sql`with doomed as materialized (
          select ${emailSends.id} as id,
            case when ${contactOnSuppressionList()} then ${ON_SUPPRESSION_LIST} end as reason
          from ${emailSends}
          join ${sequenceContacts} on ${sequenceContacts.id} = ${emailSends.sequenceContactId}
          join ${contacts} on ${contacts.id} = ${emailSends.contactId}
          where ${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} <= ${iso(at)}
            and (${emailSends.stepId} is null or ${sequenceContacts.status} not in ('active', 'paused') or ${contactBlocked()})
          limit ${HOLD_BATCH})
        update ${emailSends} set state = 'cancelled', waiting_reason = null, updated_at = ${iso(at)},
          last_error = coalesce(doomed.reason, ${emailSends.lastError})
        from doomed
        where ${emailSends.id} = doomed.id and ${emailSends.state} = 'scheduled'
        returning ${emailSends.id} as id`,
    );
    return rows.length;
  }
}

/** Rule 8: a send that could not go out within the hold limit of its time waits for the next send time. */
async function moveLateSends(deps: EngineDeps, now: Date): Promise<number> {
  const late = await selectSendsWithStepTime(deps.db)
    .where(
      sql`${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} < ${iso(new Date(now.getTime() - DEFAULT_HOLD_LIMIT_MS))}`,
    )
    .limit(HOLD_BATCH);
  for (const send of late) {
    const next = nextStepSendTime(send, now);
    await deps.db
      .update(emailSends)
      .set({ scheduledFor: next, updatedAt: now })
      .where(
        sql`${emailSends.id} = ${send.id} and ${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} = ${iso(send.scheduledFor)}`,
      );
  }
  return late.length;
}
