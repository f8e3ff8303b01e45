import { sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { UserDoor } from '../contact-state/apply-contact-flags';
import type { CoreDeps } from '../deps';
import { contactEventCtes, sourceOfDoor } from '../webhooks/contact-events';
import { CONTACT_NOT_FOUND } from './contact-store';
import { queryRows } from './sql-rows';

/**
 * DELETE /api/contacts/{id} (and the public API's, `door` 'api'): the contact goes, and with it (by
 * cascade) its list memberships, its enrolments in sequences and their sends; a `contact.deleted` event
 * carrying the contact as it was is written in the same statement.
 */
export async function deleteContact(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  door: UserDoor = 'user',
): Promise<void> {
  const events = contactEventCtes({
    type: 'contact.deleted',
    rows: 'deleted',
    when: sql`${deps.clock.now().toISOString()}::timestamptz`,
    source: sourceOfDoor(door),
    name: 'deleted_events',
  });
  const deleted = await queryRows<{ id: string }>(
    deps.db,
    sql`with deleted as (
        delete from contacts where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid
        returning id, workspace_id, email, name, first_name, last_name, organization_name, custom_fields
      ), ${events}
      select id from deleted`,
  );
  if (deleted.length === 0) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
}
