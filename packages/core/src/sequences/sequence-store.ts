import type { Sequence } from '@prospector/contracts';
import { type AppDb, sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { SEQUENCE_NOT_FOUND } from './enroll-contacts';

export type SequenceRow = typeof sequences.$inferSelect;

export function toSequence(row: SequenceRow): Sequence {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    timezone: row.timezone,
    skipWeekends: row.skipWeekends,
    useRecipientTimezone: row.useRecipientTimezone,
    contactLimit: row.contactLimit,
    status: row.status,
    senderAccountId: row.senderAccountId,
    senderAccountIds: row.senderAccountIds,
    sendAsEmail: row.sendAsEmail,
    personaId: row.personaId,
    startDate: row.startDate?.toISOString() ?? null,
    totalContacts: row.totalContacts,
    launchedAt: row.launchedAt?.toISOString() ?? null,
    autoEnrollNewContacts: row.autoEnrollNewContacts,
    followUpsFirst: row.followUpsFirst,
    stopCompanyOnReply: row.stopCompanyOnReply,
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The user's sequence, or a 404: another user's sequence does not exist for this one. `forUpdate` locks
 * the row for the rest of the caller's transaction (status changes and step edits serialise on it).
 */
export async function findSequence(
  db: AppDb,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SequenceRow> {
  const query = db
    .select()
    .from(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  return row;
}
