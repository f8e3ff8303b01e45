import type { SequenceSummary } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { desc, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

/** GET /api/sequences: the user's sequences, newest first (an empty array when there are none). */
export async function listSequences(deps: CoreDeps, userId: string): Promise<SequenceSummary[]> {
  const rows = await deps.db
    .select({
      id: sequences.id,
      name: sequences.name,
      status: sequences.status,
      timezone: sequences.timezone,
      description: sequences.description,
      skipWeekends: sequences.skipWeekends,
      createdAt: sequences.createdAt,
    })
    .from(sequences)
    .where(eq(sequences.userId, userId))
    .orderBy(desc(sequences.createdAt), desc(sequences.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
