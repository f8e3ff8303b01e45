import {
  NO_CONTACT_TO_RENDER,
  RENDER_CONTACTS_LIMIT,
  type RenderContactOption,
  type RenderContactsResponse,
} from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { CONTACT_NOT_FOUND } from '../contacts/contact-store';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import { emptyValueSql } from '../personalisation/empty-value-sql';

const FIELD_VARIABLES = [
  'first_name',
  'last_name',
  'title',
  'company',
  'city',
  'state',
  'country',
  'headline',
  'linkedin_url',
  'website',
] as const;

/** How many variable fields of a contact row hold a value: its contact fields and its custom fields. */
const filledFieldsSql: SQL = sql.join(
  [
    ...FIELD_VARIABLES.map((name) => sql`(case when ${emptyValueSql(name)} then 0 else 1 end)`),
    sql`(select count(*) from jsonb_each_text(${contacts.customFields}) f where btrim(f.value) <> '')::int`,
  ],
  sql` + `,
);

async function bestFilled(deps: CoreDeps, workspaceId: string, contactId: string | null, limit: number) {
  return queryRows<RenderContactOption>(
    deps.db,
    sql`select ${contacts.id} as id, ${contacts.email} as email, ${contacts.name} as name,
        ${filledFieldsSql} as "filledFields"
      from ${contacts} where ${and(eq(contacts.workspaceId, workspaceId), contactId ? eq(contacts.id, contactId) : undefined)}
      order by 4 desc, ${contacts.createdAt}, ${contacts.id} limit ${limit}`,
  );
}

/** GET /api/templates/render-contacts: the contacts a template preview or test email can be rendered for. */
export async function listRenderContacts(
  deps: CoreDeps,
  workspaceId: string,
): Promise<RenderContactsResponse> {
  return { contacts: await bestFilled(deps, workspaceId, null, RENDER_CONTACTS_LIMIT) };
}

/**
 * The contact a preview or test email is rendered for: the one asked for (another user's is NOT_FOUND), else
 * the user's contact with the most fields filled; null when the user has no contact.
 */
export async function contactToRender(deps: CoreDeps, workspaceId: string, contactId?: string | null) {
  const [option] = await bestFilled(deps, workspaceId, contactId ?? null, 1);
  if (!option) {
    if (contactId) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
    return null;
  }
  const [row] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, option.id)));
  if (!row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return { option, row };
}

/** contactToRender for a test email, which needs a real contact. */
export async function requireContactToRender(deps: CoreDeps, workspaceId: string, contactId?: string | null) {
  const found = await contactToRender(deps, workspaceId, contactId);
  if (!found) throw new AppError('CONFLICT', NO_CONTACT_TO_RENDER);
  return found;
}
