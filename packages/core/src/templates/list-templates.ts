import type { Template } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { selectTemplates, toTemplate } from './template-store';

/** GET /api/templates: the user's templates, newest first. */
export async function listTemplates(deps: CoreDeps, workspaceId: string): Promise<Template[]> {
  return (await selectTemplates(deps.db, workspaceId)).map(toTemplate);
}
