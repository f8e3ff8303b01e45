import { setImmediate } from 'node:timers/promises';
import { type CsvImportProgress, KNOWN_EMAILS_SHOWN } from '@prospector/contracts';
import type { CopySession } from '@prospector/db';
import { AppError } from '../app-error';
import type { ImportStop } from './import-stop';
import { COPY_INTO_STAGING, EMPTY_STAGING, mergeSql, SETTLE_REPEATS } from './staging-sql';

type OnProgress = ((progress: CsvImportProgress) => void) | undefined;

export const IMPORT_STOPPED = 'The import was stopped before its end: nothing was saved';

/**
 * Hands the progress over, then lets the event loop turn: on PGlite the statements run on this thread,
 * and without a turn the answer's lines would wait in the socket until the import ends.
 */
async function tell(onProgress: OnProgress, progress: CsvImportProgress): Promise<void> {
  if (!onProgress) return;
  onProgress(progress);
  await setImmediate();
}

/** One range of the file: its accepted rows as COPY text, in pieces, and how many there are. */
export interface StagedRange {
  pieces: string[];
  rows: number;
}

/** How far the reading of the file has got: `fileIn` once its last byte is read, `accepted` rows so far. */
export interface ReadingState {
  fileIn: boolean;
  accepted: number;
}

/**
 * Merges the file's ranges into contacts and the list one at a time, in file order, each as soon as it is
 * read: while the database stages and merges one range, the next is read and checked, so reading the
 * file and saving it overlap. The progress is told once the whole file is in (before that the bytes sent
 * are the client's measure): the rows settled of the rows accepted, after each range. The known addresses
 * named are the file's first ones, as a single statement would name them. A `stop` (the client went away,
 * or the user stopped the import) is heard before each range and before the import commits; past that last
 * check the stop is sealed and the import is saved.
 */
export async function mergeRanges(
  session: CopySession,
  ranges: AsyncIterable<StagedRange>,
  reading: ReadingState,
  options: { updateExistingContacts?: boolean; onProgress?: OnProgress; stop?: ImportStop },
  params: unknown[],
) {
  const totals = { inserted: 0, knownAdded: { count: 0, emails: [] as string[] } };
  let settled = 0;
  const progress = () =>
    tell(options.onProgress, { stage: 'saving', saved: settled, total: reading.accepted });
  const iterator = ranges[Symbol.asyncIterator]();
  const goOn = async () => {
    if (!options.stop) return;
    // A turn of the event loop first: on PGlite the statements hold this thread, and a client that went
    // away meanwhile is heard only between them.
    await setImmediate();
    if (options.stop.stopped) throw new AppError('BAD_REQUEST', IMPORT_STOPPED);
  };
  let next = iterator.next();
  try {
    for (let range = await next; !range.done; range = await next) {
      await goOn();
      next = iterator.next();
      // A failure of the read ahead is met when it is awaited; until then it is not unhandled.
      next.catch(() => {});
      if (reading.fileIn) await progress();
      await session.copyFrom(COPY_INTO_STAGING, range.value.pieces);
      await session.query(SETTLE_REPEATS);
      const shown = KNOWN_EMAILS_SHOWN - totals.knownAdded.emails.length;
      const [merged] = await session.query(mergeSql(options.updateExistingContacts === true, shown), params);
      await session.query(EMPTY_STAGING);
      settled += range.value.rows;
      totals.inserted += Number(merged?.inserted ?? 0);
      totals.knownAdded.count += Number(merged?.known_added ?? 0);
      totals.knownAdded.emails.push(...((merged?.known_emails as string[] | null) ?? []));
    }
  } catch (error) {
    // Stops reading the file (its body is ended); the answer does not wait for the read ahead.
    iterator.return?.(undefined).catch(() => {});
    throw error;
  }
  await progress();
  await goOn();
  options.stop?.seal();
  return totals;
}
