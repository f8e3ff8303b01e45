import { type UnreachableStep, unreachableSteps, unreachableStepsMessage } from '@prospector/contracts';
import { type AppDb, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { selectSteps } from './step-store';

/** The sequence's steps no outcome leads to (decision 026), as `{id, name}` in step order. */
export async function findUnreachableSteps(db: AppDb, sequenceId: string): Promise<UnreachableStep[]> {
  const [switches] = await db
    .select({ trackOpens: sequences.trackOpens })
    .from(sequences)
    .where(eq(sequences.id, sequenceId));
  return unreachableSteps(await selectSteps(db, sequenceId), switches).map(({ id, name }) => ({ id, name }));
}

/** A launch is refused (422 UNREACHABLE_STEPS, naming them) while some steps would never run. */
export async function assertStepsReachable(db: AppDb, sequenceId: string): Promise<void> {
  const steps = await findUnreachableSteps(db, sequenceId);
  if (steps.length === 0) return;
  throw new AppError('UNREACHABLE_STEPS', unreachableStepsMessage(steps), undefined, { steps });
}
