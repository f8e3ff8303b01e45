import type { PreviewTemplateInput, TemplatePreview } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { renderForContact } from './render-for-contact';

export { PREVIEW_UNSUBSCRIBE_PATH } from './render-for-contact';

/**
 * POST /api/templates/preview: the subject and body rendered as a sequence would send them, for one of the
 * user's contacts (the chosen one, else the best-filled; `contactData` replaces some of its values) and the
 * chosen mailbox's sender variables. With no contact, contact variables are empty and `contact` is null.
 */
export async function previewTemplate(
  deps: CoreDeps,
  workspaceId: string,
  input: PreviewTemplateInput,
  appUrl: string,
): Promise<TemplatePreview> {
  const { rendered, contact, option, sender } = await renderForContact(deps, workspaceId, input, {
    ...input,
    appUrl,
    overlay: input.contactData,
  });
  return {
    subject: rendered.subject,
    htmlBody: rendered.html,
    plainTextBody: rendered.text,
    sampleContact: {
      firstName: contact.firstName ?? '',
      lastName: contact.lastName ?? '',
      email: contact.email ?? '',
    },
    contact: option,
    sender,
    unknownVariables: rendered.unknownVariables,
    missingVariables: rendered.missingVariables,
    syntaxProblems: rendered.syntaxProblems,
  };
}
