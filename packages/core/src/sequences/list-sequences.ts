import type { SequenceCard } from '@prospector/contracts';
import { emailSends, sequences, users } from '@prospector/db';
import { desc, eq, sql } from 'drizzle-orm';
import { engagementBy } from '../analytics/contact-engagement';
import { creatorNameColumn } from '../creator-name';
import type { CoreDeps } from '../deps';
import { toSequence } from './sequence-store';

/*
 * Correlated subqueries, each on an index (steps by sequence and order, enrolments by sequence and status),
 * so the cards cost one statement. Hand-written SQL names its tables: in a one-table select Drizzle renders
 * columns unqualified, which inside a subquery would bind to the wrong table.
 */
const stepCount = sql<number>`(select count(*)::int from "sequence_steps" ss
  where ss."sequence_id" = "sequences"."id")`.mapWith(Number);
const enrolledCount = sql<number>`(select count(*)::int from "sequence_contacts" sc
  where sc."sequence_id" = "sequences"."id")`.mapWith(Number);
const activeCount = sql<number>`(select count(*)::int from "sequence_contacts" sc
  where sc."sequence_id" = "sequences"."id" and sc."status" = 'active')`.mapWith(Number);

/**
 * GET /api/sequences: the user's sequences as cards, newest first (an empty array when there are none),
 * each with the contacts it emailed, and of them who opened and replied (the one counting rule, decision 029).
 */
export async function listSequences(deps: CoreDeps, workspaceId: string): Promise<SequenceCard[]> {
  const [rows, bySequence] = await Promise.all([
    deps.db
      .select({
        sequence: sequences,
        stepCount,
        enrolledCount,
        activeCount,
        createdByName: creatorNameColumn,
      })
      .from(sequences)
      .leftJoin(users, eq(users.id, sequences.createdBy))
      .where(eq(sequences.workspaceId, workspaceId))
      .orderBy(desc(sequences.createdAt), desc(sequences.id)),
    engagementBy(deps, eq(emailSends.workspaceId, workspaceId), sql`${emailSends.sequenceId}::text`),
  ]);
  return rows.map((row) => {
    const funnel = bySequence.get(row.sequence.id);
    return {
      ...toSequence(row.sequence),
      createdByName: row.createdByName,
      stepCount: row.stepCount,
      enrolledCount: row.enrolledCount,
      activeCount: row.activeCount,
      sent: funnel?.sent ?? 0,
      opened: funnel?.opened ?? 0,
      replied: funnel?.replied ?? 0,
    };
  });
}
