import type { Template, WithCreator } from '@prospector/contracts';
import { creatorName } from '../creator-name';
import type { CoreDeps } from '../deps';
import { requireTemplate, toTemplate } from './template-store';

/** GET /api/templates/{id}: another user's template is a 404, like a missing one. */
export async function getTemplate(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
): Promise<WithCreator<Template>> {
  const row = await requireTemplate(deps.db, workspaceId, id);
  return { ...toTemplate(row), createdByName: await creatorName(deps.db, row.createdBy) };
}
