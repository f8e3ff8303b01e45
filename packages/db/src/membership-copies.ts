import type { Database } from './client';

/**
 * Memberships whose copy of their contact's status or creation time (decision 042) is missing or differs
 * from the contact's own; a test kit's check that every door into a list keeps them true.
 */
export async function membershipCopiesOutOfStep(database: Database): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as n from persona_contacts pc join contacts c on c.id = pc.contact_id
     where pc.contact_status is distinct from c.status or pc.contact_created_at is distinct from c.created_at`,
  );
  return Number((rows[0] as { n: number } | undefined)?.n ?? -1);
}
