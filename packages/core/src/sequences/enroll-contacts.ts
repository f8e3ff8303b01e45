import type { EnrollContactsInput, EnrollContactsResult } from '@prospector/contracts';
import { contacts, sequenceContacts, sequences } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

export const SEQUENCE_NOT_FOUND = 'Sequence not found';

/**
 * POST /api/sequences/{id}/contacts {contactIds}: enrolls the user's contacts in the sequence. Contacts
 * already enrolled (and ids that are not the user's contacts) are skipped; the sequence's totalContacts
 * grows by the number enrolled, in the same transaction.
 */
export async function enrollContacts(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
  input: EnrollContactsInput,
): Promise<EnrollContactsResult> {
  const ids = [...new Set(input.contactIds)];
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [sequence] = await tx
      .select({ id: sequences.id })
      .from(sequences)
      .where(and(eq(sequences.userId, userId), eq(sequences.id, sequenceId)))
      .for('update');
    if (!sequence) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
    const [row] = await queryRows<{ enrolled: number }>(
      tx,
      sql`with enrolled as (
          insert into ${sequenceContacts} (user_id, sequence_id, contact_id, enrolled_at, created_at, updated_at)
          select ${userId}, ${sequenceId}, ${contacts.id}, ${now.toISOString()}::timestamptz,
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from ${contacts}
          where ${contacts.userId} = ${userId} and ${contacts.id} = any(${sql.param(ids)}::uuid[])
          on conflict do nothing
          returning 1
        )
        select count(*)::int as enrolled from enrolled`,
    );
    const enrolled = Number(row?.enrolled ?? 0);
    if (enrolled > 0) {
      await tx
        .update(sequences)
        .set({ totalContacts: sql`${sequences.totalContacts} + ${enrolled}`, updatedAt: now })
        .where(eq(sequences.id, sequenceId));
    }
    return { enrolled, skipped: ids.length - enrolled };
  });
}
