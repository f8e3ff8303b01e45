import type { CreateTemplateInput, Template } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { storedHtmlBody, storedPlainText } from './template-body';
import { insertTemplate, toTemplate } from './template-store';

/** POST /api/templates. The input is already parsed by createTemplateSchema. */
export async function createTemplate(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  input: CreateTemplateInput,
): Promise<Template> {
  const row = await insertTemplate(
    deps.db,
    workspaceId,
    {
      name: input.name,
      subject: input.subject,
      templateType: input.templateType,
      htmlBody: storedHtmlBody(input.templateType, input.htmlBody),
      plainTextBody: storedPlainText(input.plainTextBody),
      builderJson: input.builderJson,
      createdBy: actor.userId,
    },
    deps.clock.now(),
  );
  return toTemplate(row);
}
