import { TEMPLATE_VARIABLES, type TemplateVariablesResponse } from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

/** Every custom field key among the user's contacts, sorted. */
export async function userCustomKeys(db: CoreDeps['db'], workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select distinct k as key from ${contacts}, jsonb_object_keys(${contacts.customFields}) as k
      where ${contacts.workspaceId} = ${workspaceId} and ${contacts.customFields} <> '{}'::jsonb order by 1`,
  );
  return rows.map((row) => row.key);
}

/** GET /api/template-variables: the built-in variables and the user's custom keys, for the editor. */
export async function listTemplateVariables(
  deps: CoreDeps,
  workspaceId: string,
): Promise<TemplateVariablesResponse> {
  const customKeys = await userCustomKeys(deps.db, workspaceId);
  return {
    variables: [
      ...TEMPLATE_VARIABLES.map(({ name, description, group }) => ({ name, description, group })),
      ...customKeys.map((name) => ({ name, description: 'Custom field', group: 'custom' as const })),
    ],
    customKeys,
  };
}
