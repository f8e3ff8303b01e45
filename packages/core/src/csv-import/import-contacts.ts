import {
  type CsvImportRow,
  csvImportRowSchema,
  type ImportContactsResult,
  isCustomFieldLimitIssue,
  REPEATED_EMAIL,
  type RefusedImportRow,
} from '@prospector/contracts';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import { recordImportCompleted } from '../webhooks/record-event';
import { bulkInsertSql, toColumns } from './bulk-insert-sql';

const NOT_A_ROW = 'Not a contact row';

/**
 * Checks each row on its own: a bad row fails alone; a repeated address (any case) is skipped. Both are
 * named with their place in the request and why, for the import's summary. Custom fields that break a
 * limit refuse the batch (422 naming the row and the limit): the browser never sends them, so they come
 * from an API caller who must fix the data rather than lose the rows unseen.
 */
export function sortRows(rows: readonly unknown[]) {
  const accepted: CsvImportRow[] = [];
  const refused: RefusedImportRow[] = [];
  const seen = new Set<string>();
  let failed = 0;
  let repeated = 0;
  rows.forEach((raw, row) => {
    const parsed = csvImportRowSchema.safeParse(raw);
    const limit = parsed.error?.issues.find(isCustomFieldLimitIssue);
    if (limit) throw new AppError('INVALID_CUSTOM_FIELDS', `Row ${row + 1}: ${limit.message}`);
    if (!parsed.success) {
      failed += 1;
      const isRecord = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
      refused.push({ row, reason: (isRecord && parsed.error.issues[0]?.message) || NOT_A_ROW });
    } else if (seen.has(parsed.data.email.toLowerCase())) {
      repeated += 1;
      refused.push({ row, reason: REPEATED_EMAIL });
    } else {
      seen.add(parsed.data.email.toLowerCase());
      accepted.push(parsed.data);
    }
  });
  return { accepted, failed, repeated, refused };
}

/**
 * POST /api/personas/{id}/import-contacts: one batch of CSV rows (the browser sends a file in batches).
 * New addresses become contacts of the list; addresses the user already has are not created again
 * (skipped) but are linked to the list, so the list holds everyone in the file. One INSERT ... SELECT
 * FROM unnest(...) ON CONFLICT DO NOTHING per batch, in one transaction: a batch is saved whole or not at
 * all, earlier batches stay saved, and running the same file again only skips.
 */
export async function importContacts(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  rows: readonly unknown[],
  options: { updateExistingContacts?: boolean } = {},
): Promise<ImportContactsResult> {
  const { accepted, failed, repeated, refused } = sortRows(rows);
  return deps.db.transaction(async (tx) => {
    const persona = await findPersona(tx, workspaceId, personaId);
    if (accepted.length === 0) {
      return { inserted: 0, skipped: repeated, failed, refused, knownAdded: { count: 0, emails: [] } };
    }
    const columns = toColumns(accepted);
    const [result] = await queryRows<{
      inserted: number;
      known_added: number;
      known_emails: string[] | null;
    }>(
      tx,
      bulkInsertSql({
        workspaceId,
        persona,
        now: deps.clock.now(),
        columns,
        updateExisting: options.updateExistingContacts,
      }),
    );
    const inserted = Number(result?.inserted ?? 0);
    const outcome = {
      inserted,
      skipped: repeated + accepted.length - inserted,
      failed,
      refused,
      knownAdded: { count: Number(result?.known_added ?? 0), emails: result?.known_emails ?? [] },
    };
    await recordImportCompleted(tx, {
      workspaceId,
      listId: persona.id,
      when: deps.clock.now(),
      counts: { inserted, skipped: outcome.skipped, failed },
    });
    return outcome;
  });
}
