import type { PreviewTemplateInput, TemplatePreview } from '@prospector/contracts';
import { renderTemplate } from '../rendering/render-template';
import { sampleContactFrom } from '../rendering/sample-contact';

/** The example {{unsubscribe_url}} of previews and test sends: no contact is unsubscribed by it. */
export const PREVIEW_UNSUBSCRIBE_PATH = '/unsubscribe/preview';

/**
 * POST /api/templates/preview: the subject and body rendered for a sample contact (the caller's contact
 * data over John Doe), so the editor and the preview page show what a recipient would get.
 */
export function previewTemplate(input: PreviewTemplateInput, appUrl: string): TemplatePreview {
  const contact = sampleContactFrom(input.contactData);
  const rendered = renderTemplate(input, contact, { unsubscribeUrl: `${appUrl}${PREVIEW_UNSUBSCRIBE_PATH}` });
  return {
    subject: rendered.subject,
    htmlBody: rendered.html,
    plainTextBody: rendered.text,
    sampleContact: { firstName: contact.firstName, lastName: contact.lastName, email: contact.email },
    unknownVariables: rendered.unknownVariables,
  };
}
