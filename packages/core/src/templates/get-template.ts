import type { Template } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { requireTemplate, toTemplate } from './template-store';

/** GET /api/templates/{id}: another user's template is a 404, like a missing one. */
export async function getTemplate(deps: CoreDeps, workspaceId: string, id: string): Promise<Template> {
  return toTemplate(await requireTemplate(deps.db, workspaceId, id));
}
