import {
  type ContactSuppression,
  isLiftable,
  type Suppression,
  type SuppressionReason,
  type SuppressionSource,
  suppressionLabel,
} from '@prospector/contracts';
import { type AppDb, suppressions } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { coveringEntry } from './suppression-sql';

export type SuppressionRow = typeof suppressions.$inferSelect;

export function toSuppression(row: SuppressionRow): Suppression {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    source: row.source,
    detail: row.detail,
    createdAt,
    label: suppressionLabel({ reason: row.reason, createdAt }),
    liftable: isLiftable(row.reason),
  };
}

/**
 * Puts the contact's address on its user's list, in the caller's transaction, because of what the contact
 * did (unsubscribed, complained, hard-bounced). An entry the user had added for the address becomes the
 * contact's, which can no longer be lifted; an earlier one of the contact's own stays as it was.
 */
export async function suppressContactAddressInTx(
  tx: Tx,
  entry: {
    workspaceId: string;
    contactId: string;
    reason: Exclude<SuppressionReason, 'manual'>;
    source: SuppressionSource;
    detail?: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.execute(sql`insert into ${suppressions} (workspace_id, kind, value, reason, source, detail, created_at)
    select workspace_id, 'address', lower(email), ${entry.reason}, ${entry.source}, ${entry.detail ?? null},
      ${entry.at.toISOString()}::timestamptz
    from contacts where id = ${entry.contactId}::uuid and workspace_id = ${entry.workspaceId}::uuid
    on conflict (workspace_id, value) do update
      set reason = excluded.reason, source = excluded.source, detail = excluded.detail,
        created_at = excluded.created_at, kind = 'address'
      where suppressions.reason = 'manual'`);
}

/** The entry of the user's list that covers this address (the contact's own first), or null. */
export async function findSuppressionFor(
  db: Pick<AppDb, 'execute'>,
  workspaceId: string,
  email: string,
): Promise<ContactSuppression | null> {
  const [row] = await queryRows<{
    id: string;
    kind: SuppressionRow['kind'];
    value: string;
    reason: SuppressionReason;
    source: SuppressionSource;
    created_at: string | Date;
  }>(
    db,
    sql`select x.id, x.kind, x.value, x.reason, x.source, x.created_at
      from (select ${email}::text as email) given cross join lateral ${coveringEntry(workspaceId, 'given.email')} x`,
  );
  if (!row) return null;
  const createdAt = new Date(row.created_at).toISOString();
  const { id, kind, value, reason, source } = row;
  return { id, kind, value, reason, source, createdAt, label: suppressionLabel({ reason, createdAt }) };
}
