import {
  defaultContactName,
  V1_BATCH_APOLLO_TAKEN,
  V1_BATCH_REPEATED_EMAIL,
  type V1BatchError,
  type V1BatchResult,
  type V1ContactBatchItem,
  withNameParts,
} from '@prospector/contracts';
import { BLACKLISTED_BY_USER_REASON, blacklistInTx } from '../contact-state/blacklist';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import { type BatchRow, batchUpsertSql } from './batch-upsert-sql';
import { queryRows } from './sql-rows';

/** One item of a batch: a contact that passed its contract, with the fields it sent, or why it did not. */
export type BatchItem = { values: V1ContactBatchItem; sent: readonly string[] } | { error: V1BatchError };

export const BATCH_RACED = 'Another request created this contact at the same moment; send it again';

interface ResultRow {
  ord: number;
  id: string | null;
  status: 'created' | 'updated' | 'unchanged' | 'missing' | 'apollo_taken';
  changed: string[] | null;
  suppressed: boolean;
  blacklisted: boolean;
}

/**
 * POST /api/v1/contacts/batch: creates or updates (by address, any case) up to 1,000 contacts in one
 * transaction and one statement (decision 049), each update changing only the fields its item sent, as
 * the single upsert does. Items that failed their contract, or repeat an earlier item's address, are
 * answered as errors and the others still saved. With a list, every contact saved joins it. A `blacklist`
 * tag newly sent blacklists the contact through its one use case.
 */
export async function upsertContactBatch(
  deps: CoreDeps,
  workspaceId: string,
  input: { items: readonly BatchItem[]; listId?: string },
): Promise<V1BatchResult[]> {
  const results: V1BatchResult[] = input.items.map((item, index) =>
    'error' in item ? { index, status: 'error', error: item.error } : { index, status: 'created' },
  );
  const rows = batchRows(input.items, results);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const list = input.listId ? await findPersona(tx, workspaceId, input.listId) : null;
    if (rows.length === 0) return results;
    const answered = await queryRows<ResultRow>(tx, batchUpsertSql({ workspaceId, rows, list, now }));
    for (const row of answered) {
      results[row.ord] = resultOf(row, rows);
      if (row.blacklisted && row.id)
        await blacklistInTx(tx, {
          workspaceId,
          contactId: row.id,
          at: now,
          reason: BLACKLISTED_BY_USER_REASON,
        });
    }
    return results;
  });
}

/** The statement's rows of the valid items; an address repeated within the batch is an error. */
function batchRows(items: readonly BatchItem[], results: V1BatchResult[]): BatchRow[] {
  const firstAt = new Map<string, number>();
  const rows: BatchRow[] = [];
  items.forEach((item, index) => {
    if ('error' in item) return;
    const address = item.values.email.toLowerCase();
    const earlier = firstAt.get(address);
    if (earlier !== undefined) {
      const message = V1_BATCH_REPEATED_EMAIL(earlier);
      results[index] = {
        index,
        status: 'error',
        error: { code: 'VALIDATION_ERROR', message, errors: [{ field: 'email', message }] },
      };
      return;
    }
    firstAt.set(address, index);
    rows.push(toRow(index, item.values, item.sent));
  });
  return rows;
}

function toRow(ord: number, values: V1ContactBatchItem, sent: readonly string[]): BatchRow {
  const named = withNameParts(values);
  return {
    ord,
    email: values.email,
    first_name: values.firstName ?? null,
    last_name: values.lastName ?? null,
    name: values.name ?? null,
    title: values.title ?? null,
    organization_name: values.organizationName ?? null,
    headline: values.headline ?? null,
    city: values.city ?? null,
    state: values.state ?? null,
    country: values.country ?? null,
    linkedin_url: values.linkedinUrl ?? null,
    apollo_id: values.apolloId ?? null,
    industry: values.industry ?? null,
    timezone: values.timezone ?? null,
    tags: values.tags ?? null,
    custom_fields: values.customFields ?? null,
    metadata: values.metadata ?? null,
    ins_first_name: named.firstName ?? null,
    ins_last_name: named.lastName ?? null,
    ins_name: defaultContactName(named),
    sent: [...sent],
  };
}

function resultOf(row: ResultRow, rows: BatchRow[]): V1BatchResult {
  const index = row.ord;
  if (row.status === 'missing' || row.status === 'apollo_taken' || !row.id) {
    const sentApollo = rows.find((r) => r.ord === index)?.apollo_id;
    const message = row.status === 'apollo_taken' || sentApollo ? V1_BATCH_APOLLO_TAKEN : BATCH_RACED;
    return { index, status: 'error', error: { code: 'CONFLICT', message } };
  }
  return {
    index,
    status: row.status,
    id: row.id,
    suppressed: row.suppressed,
    ...(row.status === 'updated' && { changedFields: row.changed ?? [] }),
  };
}
