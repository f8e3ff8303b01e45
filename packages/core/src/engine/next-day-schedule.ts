import type { SendsPerHour } from '@prospector/contracts';
import { emailSends } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { requireSequence } from '../mailbox-recovery/stranded-mailboxes';
import type { EngineDeps } from './engine-deps';

const HOUR_MS = 3_600_000;

/**
 * GET /api/sequences/{id}/schedule: the sequence's emails due in the next 24 hours, counted per hour (UTC
 * hours from the current one), so a sequence sending at each recipient's local time shows its waves.
 */
export async function nextDaySchedule(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<SendsPerHour> {
  const sequence = await requireSequence(deps.db, workspaceId, sequenceId);
  const start = Math.floor(deps.clock.now().getTime() / HOUR_MS) * HOUR_MS;
  const end = start + 24 * HOUR_MS;
  const rows = await queryRows<{ slot: number; n: number }>(
    deps.db,
    sql`select floor((extract(epoch from ${emailSends.scheduledFor}) * 1000 - ${start}) / ${HOUR_MS})::int as slot,
        count(*)::int as n
      from ${emailSends}
      where ${emailSends.workspaceId} = ${workspaceId} and ${emailSends.sequenceId} = ${sequence.id}
        and ${emailSends.state} = 'scheduled'
        and ${emailSends.scheduledFor} >= ${new Date(start).toISOString()}::timestamptz
        and ${emailSends.scheduledFor} < ${new Date(end).toISOString()}::timestamptz
      group by 1`,
  );
  const counts = new Map(rows.map((row) => [Number(row.slot), Number(row.n)]));
  return {
    hours: Array.from({ length: 24 }, (_, slot) => ({
      hour: new Date(start + slot * HOUR_MS).toISOString(),
      sends: counts.get(slot) ?? 0,
    })),
  };
}
