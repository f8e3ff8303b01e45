import type { SequenceCard } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { desc, eq, sql } from 'drizzle-orm';
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

/** GET /api/sequences: the user's sequences as cards, newest first (an empty array when there are none). */
export async function listSequences(deps: CoreDeps, userId: string): Promise<SequenceCard[]> {
  const rows = await deps.db
    .select({ sequence: sequences, stepCount, enrolledCount, activeCount })
    .from(sequences)
    .where(eq(sequences.userId, userId))
    .orderBy(desc(sequences.createdAt), desc(sequences.id));
  return rows.map((row) => ({
    ...toSequence(row.sequence),
    stepCount: row.stepCount,
    enrolledCount: row.enrolledCount,
    activeCount: row.activeCount,
  }));
}
