import type { CoreDeps } from '../deps';
import type { Tx } from './engine-deps';
import { type EnrolInSequenceResult, enrolInSequence } from './enrol-in-sequence';

class DryRun extends Error {}

/**
 * What a launch's enrolment of the linked lists would do now: it runs as the launch's does, in a
 * transaction that is rolled back, so its counts apply exactly the same skips.
 */
export async function dryRunEnrolment(
  deps: Pick<CoreDeps, 'db' | 'clock'>,
  input: {
    workspaceId: string;
    sequenceId: string;
    contactLimit: number | null;
    includeContactsInOtherSequences: boolean;
  },
  /** Reads more of what the enrolment would do, inside its transaction, before it is rolled back. */
  within?: (tx: Tx) => Promise<void>,
): Promise<EnrolInSequenceResult> {
  let result: EnrolInSequenceResult | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      result = await enrolInSequence(tx, { ...input, source: { linkedLists: true }, now: deps.clock.now() });
      if (within) await within(tx);
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  if (!result) throw new Error('The dry-run enrolment did not run');
  return result;
}
