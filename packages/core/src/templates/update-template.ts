import { type Template, templateBodyProblem, type UpdateTemplateInput } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { rerenderQueuedSends } from '../engine/rerender-queued-sends';
import { storedHtmlBody, storedPlainText } from './template-body';
import { requireTemplate, toTemplate, updateTemplateRow } from './template-store';

/**
 * PATCH /api/templates/{id}: the given fields over the stored ones; the result obeys the create rules. A
 * change of what an email holds (subject or bodies) renders the template's queued emails again in the same
 * transaction, so they go out as now written.
 */
export async function updateTemplate(
  deps: CoreDeps & { appUrl: string },
  workspaceId: string,
  id: string,
  input: UpdateTemplateInput,
): Promise<Template> {
  const current = await requireTemplate(deps.db, workspaceId, id);
  const templateType = input.templateType ?? current.templateType;
  const bodyChanged = input.htmlBody !== undefined || input.templateType !== undefined;
  const htmlBody = input.htmlBody ?? current.htmlBody;
  const problem = templateBodyProblem({ templateType, htmlBody });
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  const contentChanged = bodyChanged || input.subject !== undefined || input.plainTextBody !== undefined;
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateTemplateRow(
      tx,
      workspaceId,
      id,
      {
        name: input.name ?? current.name,
        subject: input.subject ?? current.subject,
        templateType,
        htmlBody: bodyChanged ? storedHtmlBody(templateType, htmlBody) : current.htmlBody,
        plainTextBody:
          input.plainTextBody === undefined ? current.plainTextBody : storedPlainText(input.plainTextBody),
        builderJson: input.builderJson === undefined ? current.builderJson : input.builderJson,
      },
      deps.clock.now(),
    );
    if (contentChanged) await rerenderQueuedSends(deps, tx, workspaceId, id);
    return updated;
  });
  return toTemplate(row);
}
