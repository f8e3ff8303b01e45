import {
  type LaunchSkipsResponse,
  SKIPPED_CONTACTS_SHOWN,
  type SkippedContactsResponse,
} from '@prospector/contracts';
import { contacts, launchSkips, sequenceContacts, sequences } from '@prospector/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import { findSequence } from '../sequences/sequence-store';
import { enrollableSql, type LaunchVariablesInput } from './check-launch-variables';
import { emptyValueSql } from './empty-value-sql';

/** "no value for {{company}}, {{title}}": the variables (of `names`) this contact row has no value for. */
function reasonSql(names: readonly string[]): SQL {
  const each = names.map((name) => sql`case when ${emptyValueSql(name)} then ${`{{${name}}}`} end`);
  return sql`'no value for ' || array_to_string(array[${sql.join(each, sql`, `)}]::text[], ', ')`;
}

/**
 * Replaces the sequence's launch skips with the contacts this launch leaves out: those about to be enrolled
 * that have no value for one of `names` (the missing variables). Called before the enrolment, so the rows
 * are exactly who is left out; an empty `names` clears the record. Exclusions of the list check stay.
 */
export async function replaceLaunchSkips(
  tx: Tx,
  input: LaunchVariablesInput & { names: readonly string[]; now: Date },
): Promise<void> {
  await tx
    .delete(launchSkips)
    .where(and(eq(launchSkips.sequenceId, input.sequenceId), eq(launchSkips.kind, 'missing-value')));
  if (input.names.length === 0) return;
  const anyEmpty = sql.join(input.names.map(emptyValueSql), sql` or `);
  await tx.execute(sql`insert into ${launchSkips} (workspace_id, sequence_id, contact_id, reason, created_at)
    select ${input.workspaceId}, ${input.sequenceId}, ${contacts.id}, ${reasonSql(input.names)}, ${input.now.toISOString()}::timestamptz
    from ${contacts} where ${enrollableSql(input)} and (${anyEmpty})`);
}

/** A launch skip of the user whose contact has not been enrolled in that sequence since. */
const stillLeftOut = (workspaceId: string) => sql`${launchSkips.workspaceId} = ${workspaceId}
  and not exists(select 1 from ${sequenceContacts} where ${sequenceContacts.sequenceId} = ${launchSkips.sequenceId}
    and ${sequenceContacts.contactId} = ${launchSkips.contactId})`;

/**
 * GET /api/sequences/{id}/skipped-contacts: whom the last launch left out for a missing value, and why.
 * A contact enrolled since (edited, then launched again) is no longer listed.
 */
export async function listSkippedContacts(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<SkippedContactsResponse> {
  const sequence = await findSequence(deps.db, workspaceId, sequenceId);
  const stillOut = sql`${launchSkips.sequenceId} = ${sequence.id} and ${stillLeftOut(workspaceId)}`;
  const reasons = await queryRows<{ reason: string; contacts: number }>(
    deps.db,
    sql`select ${launchSkips.reason} as reason, count(*)::int as contacts from ${launchSkips}
      where ${stillOut} group by 1 order by 2 desc, 1`,
  );
  const listed = await queryRows<SkippedContactsResponse['contacts'][number]>(
    deps.db,
    sql`select ${contacts.id} as "contactId", ${contacts.email} as email, ${contacts.name} as name,
      ${launchSkips.reason} as reason
      from ${launchSkips} join ${contacts} on ${contacts.id} = ${launchSkips.contactId}
      where ${stillOut} order by ${contacts.email} limit ${SKIPPED_CONTACTS_SHOWN}`,
  );
  const total = reasons.reduce((sum, row) => sum + Number(row.contacts), 0);
  return { reasons: reasons.map((r) => ({ ...r, contacts: Number(r.contacts) })), contacts: listed, total };
}

/** GET /api/launch-skips: per sequence, how many contacts its last launch left out and why (Email Sending). */
export async function listLaunchSkips(deps: CoreDeps, workspaceId: string): Promise<LaunchSkipsResponse> {
  const rows = await queryRows<{
    sequenceId: string;
    sequenceName: string;
    reason: string;
    contacts: number;
  }>(
    deps.db,
    sql`select ${sequences.id} as "sequenceId", ${sequences.name} as "sequenceName",
      ${launchSkips.reason} as reason, count(*)::int as contacts
      from ${launchSkips} join ${sequences} on ${sequences.id} = ${launchSkips.sequenceId}
      where ${stillLeftOut(workspaceId)}
      group by 1, 2, 3 order by 2, 1, 4 desc, 3`,
  );
  const bySequence = new Map<string, LaunchSkipsResponse['sequences'][number]>();
  for (const row of rows) {
    const entry = bySequence.get(row.sequenceId) ?? {
      sequenceId: row.sequenceId,
      sequenceName: row.sequenceName,
      total: 0,
      reasons: [],
    };
    entry.total += Number(row.contacts);
    entry.reasons.push({ reason: row.reason, contacts: Number(row.contacts) });
    bySequence.set(row.sequenceId, entry);
  }
  return { sequences: [...bySequence.values()] };
}
