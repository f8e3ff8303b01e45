import { contacts, emailSends, gmailAccounts, templates } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { renderContactOf, unfilledReason } from '../rendering/contact-of-row';
import { renderTemplate } from '../rendering/render-template';
import { spinSeedOf } from '../rendering/spintax';
import { openPixelUrl, unsubscribeUrl } from '../tracking/tracking-urls';
import type { EngineDeps, Tx } from './engine-deps';
import { withOpenPixel } from './render-send';

/** The start of the reason an email was stored failed for an unfilled variable (see unfilledReason). */
const UNFILLED_PREFIX = 'no value for ';

/**
 * Before a retry of an email that failed for a variable without a value: renders it again from its
 * template and the contact as they are now, with its own tokens. Refused (409) while a value is still
 * missing, so the retry never sends a gap. Other failures keep their stored copy.
 */
export async function rerenderUnfilledSend(
  deps: Pick<EngineDeps, 'appUrl' | 'clock'>,
  tx: Tx,
  sendId: string,
  lastError: string | null,
) {
  if (!lastError?.startsWith(UNFILLED_PREFIX)) return;
  const [row] = await tx
    .select({
      send: emailSends,
      contact: contacts,
      template: templates,
      senderName: gmailAccounts.displayName,
      senderEmail: gmailAccounts.email,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .innerJoin(templates, eq(templates.id, emailSends.templateId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .where(eq(emailSends.id, sendId));
  if (!row) return;
  const { send } = row;
  if (!send.stepId || !send.sequenceContactId) return;
  const rendered = renderTemplate(row.template, renderContactOf(row.contact), {
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, send.unsubscribeToken),
    sender: { name: row.senderName, email: send.sendAsEmail ?? row.senderEmail },
    spinSeed: spinSeedOf(send.sequenceContactId, send.stepId),
    customKeys: 'any',
  });
  const unfilled = unfilledReason(rendered);
  if (unfilled) throw new AppError('CONFLICT', `Still ${unfilled}: edit the contact, then retry`);
  await tx
    .update(emailSends)
    .set({
      // A follow-up in a thread keeps its 'Re: ' subject.
      ...(send.inReplyTo === null && { subject: rendered.subject }),
      htmlBody: withOpenPixel(rendered.html, openPixelUrl(deps.appUrl, send.trackingToken)),
      plainTextBody: rendered.text,
      updatedAt: deps.clock.now(),
    })
    .where(eq(emailSends.id, sendId));
}
