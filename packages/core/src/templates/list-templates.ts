import type { Template, WithCreator } from '@prospector/contracts';
import { templates, users } from '@prospector/db';
import { desc, eq } from 'drizzle-orm';
import { creatorNameColumn } from '../creator-name';
import type { CoreDeps } from '../deps';
import { toTemplate } from './template-store';

/** GET /api/templates: the user's templates, newest first, each with the name of the member who made it. */
export async function listTemplates(deps: CoreDeps, workspaceId: string): Promise<WithCreator<Template>[]> {
  const rows = await deps.db
    .select({ template: templates, createdByName: creatorNameColumn })
    .from(templates)
    .leftJoin(users, eq(users.id, templates.createdBy))
    .where(eq(templates.workspaceId, workspaceId))
    .orderBy(desc(templates.createdAt), desc(templates.id));
  return rows.map((row) => ({ ...toTemplate(row.template), createdByName: row.createdByName }));
}
