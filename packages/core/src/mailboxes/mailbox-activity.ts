import type { AppDb } from '@prospector/db';
import { type Actor, recordActivityBy } from '../workspaces/actor';

/** The activity log's line for a mailbox connected (or connected again) or removed. */
export function recordMailboxActivity(
  tx: AppDb,
  at: Date,
  actor: Actor,
  mailbox: { id: string; workspaceId: string; email: string },
  action: 'mailbox.connected' | 'mailbox.removed',
): Promise<void> {
  return recordActivityBy(tx, at, actor, {
    workspaceId: mailbox.workspaceId,
    action,
    subjectType: 'mailbox',
    subjectId: mailbox.id,
    subjectName: mailbox.email,
  });
}
