import { PREVIEW_CONTACTS_LIMIT, type PreviewContact } from '@prospector/contracts';
import { contacts, sequenceContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import { candidateFilter } from '../engine/enrol-in-sequence';
import { findSequence } from '../sequences/sequence-store';

/**
 * GET /api/sequences/{id}/preview-contacts: whom "Preview as contact" steps through: the enrolled contacts,
 * then the members of its linked lists not enrolled yet (before a launch, those it would enrol).
 */
export async function listPreviewContacts(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
): Promise<{ contacts: PreviewContact[] }> {
  const sequence = await findSequence(deps.db, userId, sequenceId);
  const rows = await queryRows<PreviewContact>(
    deps.db,
    sql`select * from (
        select ${contacts.id} as id, ${contacts.email} as email, ${contacts.name} as name,
          exists(select 1 from ${sequenceContacts} where ${sequenceContacts.sequenceId} = ${sequence.id}
            and ${sequenceContacts.contactId} = ${contacts.id}) as enrolled, ${contacts.createdAt} as created_at
        from ${contacts}
        where ${contacts.userId} = ${userId} and (
          ${contacts.id} in (select ${sequenceContacts.contactId} from ${sequenceContacts}
            where ${sequenceContacts.sequenceId} = ${sequence.id})
          or ${candidateFilter(userId, sequence.id, { linkedLists: true })})
      ) c order by enrolled desc, created_at, id limit ${PREVIEW_CONTACTS_LIMIT}`,
  );
  return { contacts: rows.map(({ id, email, name, enrolled }) => ({ id, email, name, enrolled })) };
}
