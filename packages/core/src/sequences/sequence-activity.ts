import type { AppDb } from '@prospector/db';
import { type Actor, recordActivityBy } from '../workspaces/actor';

export type SequenceAction =
  | 'sequence.created'
  | 'sequence.launched'
  | 'sequence.paused'
  | 'sequence.resumed'
  | 'sequence.deleted';

/** The activity log's line for a change to a sequence, in the change's transaction. */
export function recordSequenceActivity(
  tx: AppDb,
  at: Date,
  actor: Actor,
  sequence: { id: string; workspaceId: string; name: string },
  action: SequenceAction,
): Promise<void> {
  return recordActivityBy(tx, at, actor, {
    workspaceId: sequence.workspaceId,
    action,
    subjectType: 'sequence',
    subjectId: sequence.id,
    subjectName: sequence.name,
  });
}
