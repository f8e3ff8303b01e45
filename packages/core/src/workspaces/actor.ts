import type { AppDb } from '@prospector/db';
import { type ActivityEntry, recordActivity } from './record-activity';

/**
 * Who does something in a workspace: a signed-in person (`userId`), or nobody (`userId: null`): the system
 * (a workflow, a rule, a background job) or a key of the public API, then named by `name`.
 */
export interface Actor {
  userId: string | null;
  /** The name the activity log shows instead of the person's: `API key "Zapier"`. */
  name?: string;
}

/** A workflow, a rule or a background job. */
export const SYSTEM_ACTOR: Actor = { userId: null };

export const personActor = (userId: string): Actor => ({ userId });

export const apiKeyActor = (keyName: string): Actor => ({ userId: null, name: `API key "${keyName}"` });

/** Adds the actor's line to the activity log, in the transaction (`db`) of the change it describes. */
export function recordActivityBy(
  db: AppDb,
  at: Date,
  actor: Actor,
  entry: Omit<ActivityEntry, 'actorId' | 'actorName'>,
): Promise<void> {
  return recordActivity(db, at, {
    ...entry,
    actorId: actor.userId,
    ...(actor.name !== undefined && { actorName: actor.name }),
  });
}
