import { MOVE_SAME_LIST, type MoveContactsInput, type MoveContactsResult } from '@prospector/contracts';
import { contacts, personaContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import { findPersona } from './persona-store';

/**
 * POST /api/personas/{destinationId}/move-contacts: the chosen contacts of the source list (or all of
 * them, with allOfList) move to the destination in one statement. A contact already in the destination is skipped and stays where it is;
 * contacts that are not in the source list are left alone. Contacts whose own list was the source take
 * the destination as their list.
 */
export async function moveContacts(
  deps: CoreDeps,
  workspaceId: string,
  destinationPersonaId: string,
  input: MoveContactsInput,
): Promise<MoveContactsResult> {
  const { sourcePersonaId } = input;
  if (sourcePersonaId === destinationPersonaId) throw new AppError('BAD_REQUEST', MOVE_SAME_LIST);
  return deps.db.transaction(async (tx) => {
    await findPersona(tx, workspaceId, sourcePersonaId);
    const destination = await findPersona(tx, workspaceId, destinationPersonaId);
    const pc = personaContacts;
    const chosen = input.allOfList
      ? sql`${pc.contactId} in (select ${pc.contactId} from ${pc} where ${pc.personaId} = ${sourcePersonaId})`
      : sql`${pc.contactId} = any(${sql.param([...new Set(input.contactIds)])}::uuid[])`;
    const [counts] = await queryRows<{ moved: number; skipped: number }>(
      tx,
      sql`with already as (
          select ${pc.contactId} as id from ${pc}
          where ${pc.personaId} = ${destinationPersonaId} and ${pc.workspaceId} = ${workspaceId} and ${chosen}
        ), candidates as (
          select ${pc.contactId} as id from ${pc}
          where ${pc.personaId} = ${sourcePersonaId} and ${pc.workspaceId} = ${workspaceId} and ${chosen}
            and ${pc.contactId} not in (select id from already)
        ), moved as (
          insert into ${pc} (persona_id, contact_id, workspace_id, created_at)
          select ${destinationPersonaId}, id, ${workspaceId}, ${deps.clock.now().toISOString()}::timestamptz from candidates
          on conflict do nothing
          returning contact_id
        ), removed as (
          delete from ${pc} where ${pc.personaId} = ${sourcePersonaId} and ${pc.contactId} in (select contact_id from moved)
        ), relisted as (
          update ${contacts} set persona_id = ${destinationPersonaId}, persona_industry = ${destination.industry}
          where ${contacts.workspaceId} = ${workspaceId} and ${contacts.personaId} = ${sourcePersonaId}
            and ${contacts.id} in (select contact_id from moved)
        )
        select (select count(*) from moved)::int as moved, (select count(*) from already)::int as skipped`,
    );
    return {
      movedCount: Number(counts?.moved ?? 0),
      skippedCount: Number(counts?.skipped ?? 0),
      sourcePersonaId,
      destinationPersonaId,
    };
  });
}
