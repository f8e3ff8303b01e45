import { setImmediate } from 'node:timers/promises';
import { type CsvImportProgress, KNOWN_EMAILS_SHOWN } from '@prospector/contracts';
import type { CopySession } from '@prospector/db';
import { INDEX_STAGING, mergeSql, STAGING_SPAN } from './staging-sql';

type OnProgress = ((progress: CsvImportProgress) => void) | undefined;

/**
 * Hands the progress over, then lets the event loop turn: on PGlite the statements run on this thread,
 * and without a turn the answer's lines would wait in the socket until the import ends.
 */
export async function tell(onProgress: OnProgress, progress: CsvImportProgress): Promise<void> {
  if (!onProgress) return;
  onProgress(progress);
  await setImmediate();
}

/** The file's rows are merged a range of this many places at a time, each range a step of the progress. */
export const MERGE_RANGE_ROWS = 20_000;

/**
 * Merges the staged rows into contacts and the list a range of places at a time, in file order, so the
 * progress moves and each statement's sorts stay small. The known addresses named are the first ones of
 * the file, as a single statement would name them.
 */
export async function mergeRanges(
  session: CopySession,
  options: { updateExistingContacts?: boolean; onProgress?: OnProgress },
  params: unknown[],
) {
  await session.query(INDEX_STAGING);
  const [span] = await session.query(STAGING_SPAN);
  const total = Number(span?.rows ?? 0);
  const totals = { inserted: 0, knownAdded: { count: 0, emails: [] as string[] } };
  let saved = 0;
  await tell(options.onProgress, { stage: 'saving', saved, total });
  if (total === 0) return totals;
  const last = Number(span?.last);
  for (let from = Number(span?.first); from <= last; from += MERGE_RANGE_ROWS) {
    const shown = KNOWN_EMAILS_SHOWN - totals.knownAdded.emails.length;
    const [merged] = await session.query(mergeSql(options.updateExistingContacts === true, shown), [
      ...params,
      from,
      from + MERGE_RANGE_ROWS,
    ]);
    saved += Number(merged?.rows ?? 0);
    totals.inserted += Number(merged?.inserted ?? 0);
    totals.knownAdded.count += Number(merged?.known_added ?? 0);
    totals.knownAdded.emails.push(...((merged?.known_emails as string[] | null) ?? []));
    await tell(options.onProgress, { stage: 'saving', saved, total });
  }
  return totals;
}
