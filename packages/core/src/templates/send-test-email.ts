import type { SendTestEmailInput, SendTestEmailResult } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { sendEmail } from '../mail/send-email';
import { renderTemplate } from '../rendering/render-template';
import { SAMPLE_CONTACT } from '../rendering/sample-contact';
import { PREVIEW_UNSUBSCRIBE_PATH } from './preview-template';
import { requireTemplate } from './template-store';

/**
 * POST /api/templates/{id}/send-test: the template rendered for the sample contact, sent through the one
 * mail path from the chosen (or default) sender to any address, logged as a test email.
 */
export async function sendTestEmail(
  deps: CoreDeps,
  userId: string,
  templateId: string,
  input: SendTestEmailInput,
  appUrl: string,
): Promise<SendTestEmailResult> {
  const template = await requireTemplate(deps.db, userId, templateId);
  const rendered = renderTemplate(
    template,
    { ...SAMPLE_CONTACT, name: `${SAMPLE_CONTACT.firstName} ${SAMPLE_CONTACT.lastName}` },
    { unsubscribeUrl: `${appUrl}${PREVIEW_UNSUBSCRIBE_PATH}` },
  );
  const sent = await sendEmail(deps, {
    userId,
    senderAccountId: input.senderAccountId ?? null,
    sendAsEmail: input.sendAsEmail ?? null,
    to: input.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    isTest: true,
  });
  return { success: true, messageId: sent.messageId, senderEmail: sent.senderEmail };
}
