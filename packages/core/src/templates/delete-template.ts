import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { deleteTemplateRow, TEMPLATE_NOT_FOUND } from './template-store';

/**
 * DELETE /api/templates/{id}. Sends already scheduled keep their rendered copy (email_sends.template_id
 * becomes null); steps that used the template lose it.
 */
export async function deleteTemplate(deps: CoreDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteTemplateRow(deps.db, userId, id))) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
}
