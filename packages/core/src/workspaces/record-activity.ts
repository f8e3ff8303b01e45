import { type AppDb, users, workspaceActivity } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';

export interface ActivityEntry {
  workspaceId: string;
  /** Null when the system acted (a rule, a background job) or a key of the public API. */
  actorId: string | null;
  /** Shown instead of the actor's name (a key of the public API: `API key "Zapier"`). */
  actorName?: string;
  /** What happened, as `subject.verb`: `sequence.launched`, `member.removed`, `api_key.created`… */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  subjectName?: string;
}

/** Adds a line to the workspace's activity log, in the transaction of the change it describes. */
export async function recordActivity(db: AppDb, at: Date, entry: ActivityEntry): Promise<void> {
  const actorName =
    entry.actorName !== undefined
      ? entry.actorName
      : entry.actorId === null
        ? sql`''`
        : sql`coalesce((select ${users.fullName} from ${users} where ${eq(users.id, entry.actorId)}), '')`;
  await db.insert(workspaceActivity).values({
    workspaceId: entry.workspaceId,
    actorId: entry.actorId,
    actorName,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    subjectName: entry.subjectName ?? '',
    occurredAt: at,
  });
}
