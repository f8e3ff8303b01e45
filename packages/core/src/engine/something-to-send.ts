import {
  type LaunchProblem,
  NO_CONTACTS_CODE,
  NO_CONTACTS_MESSAGE,
  NO_EMAIL_LIST_CODE,
  NO_EMAIL_LIST_MESSAGE,
} from '@prospector/contracts';
import { type AppDb, sequenceContacts, sequencePersonas } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';
import { assertStepsReachable } from '../sequences/reachable-steps';

/**
 * Why a sequence would run with nothing to send, or null when it has something: contacts its linked lists
 * would enrol now (`enrolNow`, counted by the launch's own enrolment), or enrolments not yet finished.
 */
export async function nothingToSendProblem(
  db: AppDb,
  workspaceId: string,
  sequenceId: string,
  enrolNow: number,
): Promise<LaunchProblem | null> {
  if (enrolNow > 0) return null;
  const [unfinished] = await db
    .select({ id: sequenceContacts.id })
    .from(sequenceContacts)
    .where(
      and(
        eq(sequenceContacts.workspaceId, workspaceId),
        eq(sequenceContacts.sequenceId, sequenceId),
        inArray(sequenceContacts.status, ['active', 'paused']),
      ),
    )
    .limit(1);
  if (unfinished) return null;
  const [list] = await db
    .select({ id: sequencePersonas.personaId })
    .from(sequencePersonas)
    .where(and(eq(sequencePersonas.workspaceId, workspaceId), eq(sequencePersonas.sequenceId, sequenceId)))
    .limit(1);
  return list
    ? { code: NO_CONTACTS_CODE, message: NO_CONTACTS_MESSAGE, blocking: true }
    : { code: NO_EMAIL_LIST_CODE, message: NO_EMAIL_LIST_MESSAGE, blocking: true };
}

/** A start with nothing to send is refused (422 NOTHING_TO_SEND), the reason in `problems` as the review shows it. */
export function refuseNothingToSend(problem: LaunchProblem): never {
  throw new AppError('NOTHING_TO_SEND', problem.message, undefined, { problems: [problem] });
}

/**
 * Before a launched sequence runs again (Activate after a pause, or its status set to running): every step
 * reachable (422 UNREACHABLE_STEPS) and an enrolment still to send (422 NOTHING_TO_SEND). A start that
 * enrols contacts goes through the launch instead.
 */
export async function assertSequenceCanRun(
  db: AppDb,
  workspaceId: string,
  sequenceId: string,
): Promise<void> {
  await assertStepsReachable(db, sequenceId);
  const problem = await nothingToSendProblem(db, workspaceId, sequenceId, 0);
  if (problem) refuseNothingToSend(problem);
}
