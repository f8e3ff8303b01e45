import type { Sequence, SequenceStatus } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { assertSequenceCanRun } from '../engine/something-to-send';
import type { Actor } from '../workspaces/actor';
import { assertSequenceActivatable } from './activation-checks';
import { recordSequenceActivity } from './sequence-activity';
import { nextSequenceStatus } from './sequence-status';
import { findSequence, toSequence } from './sequence-store';

/**
 * Moves a sequence to running or paused (the Activate and Pause buttons). Only the status changes: the
 * engine reads it when it claims work, so pausing holds every send still to go out and activating lets
 * them go again.
 */
export async function changeSequenceStatus(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
  target: Extract<SequenceStatus, 'running' | 'paused'>,
): Promise<Sequence> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findSequence(tx, workspaceId, id, { forUpdate: true });
    const status = nextSequenceStatus(current.status, target);
    if (status === current.status) return toSequence(current);
    if (status === 'running') {
      await assertSequenceActivatable(tx, workspaceId, id);
      await assertSequenceCanRun(tx, workspaceId, id);
    }
    const [row] = await tx
      .update(sequences)
      .set({ status, updatedAt: now })
      .where(eq(sequences.id, id))
      .returning();
    const action = status === 'running' ? 'sequence.resumed' : 'sequence.paused';
    await recordSequenceActivity(tx, now, actor, row!, action);
    return toSequence(row!);
  });
}
