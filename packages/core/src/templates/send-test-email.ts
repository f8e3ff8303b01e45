import {
  type SendTestEmailInput,
  type SendTestEmailResult,
  TEST_SUBJECT_PREFIX,
} from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { sendEmail } from '../mail/send-email';
import { requireContactToRender } from './render-contacts';
import { renderForContact } from './render-for-contact';
import { requireTemplate } from './template-store';

type Rendered = Awaited<ReturnType<typeof renderForContact>>['rendered'];

/** Why this email cannot go out as written for this contact, or null: a test email is never sent with a gap or a {{. */
function unsendableReason(rendered: Rendered, who: string): AppError | null {
  if (rendered.syntaxProblems.length > 0) {
    return new AppError('VALIDATION_ERROR', `Fix the template first: ${rendered.syntaxProblems.join('; ')}`);
  }
  if (rendered.unknownVariables.length > 0) {
    const list = rendered.unknownVariables.join(', ');
    return new AppError(
      'UNKNOWN_VARIABLES',
      `${list} is neither a contact field nor a custom field`,
      undefined,
      {
        variables: rendered.unknownVariables,
      },
    );
  }
  if (rendered.missingVariables.length > 0) {
    const list = rendered.missingVariables.join(', ');
    return new AppError(
      'MISSING_VARIABLES',
      `${who} has no value for ${list}: choose another contact or give the variable a fallback`,
      undefined,
      { variables: rendered.missingVariables },
    );
  }
  return null;
}

/**
 * POST /api/templates/{id}/send-test: the template rendered by the one renderer for one of the user's
 * contacts (the chosen one, else the best-filled) with the chosen mailbox's sender variables, sent through
 * the one mail path to any address with "[Test] " before its subject, logged as a test email.
 */
export async function sendTestEmail(
  deps: CoreDeps,
  workspaceId: string,
  templateId: string,
  input: SendTestEmailInput,
  appUrl: string,
): Promise<SendTestEmailResult> {
  const template = await requireTemplate(deps.db, workspaceId, templateId);
  const { option } = await requireContactToRender(deps, workspaceId, input.contactId);
  const { rendered } = await renderForContact(deps, workspaceId, template, {
    ...input,
    contactId: option.id,
    requireSender: true,
    appUrl,
  });
  const refusal = unsendableReason(rendered, option.name?.trim() || option.email);
  if (refusal) throw refusal;
  const subject = `${TEST_SUBJECT_PREFIX}${rendered.subject}`;
  const sent = await sendEmail(deps, {
    workspaceId,
    senderAccountId: input.senderAccountId ?? null,
    sendAsEmail: input.sendAsEmail ?? null,
    to: input.email,
    subject,
    html: rendered.html,
    text: rendered.text,
    isTest: true,
  });
  return {
    success: true,
    messageId: sent.messageId,
    senderEmail: sent.senderEmail,
    subject,
    contact: option,
  };
}
