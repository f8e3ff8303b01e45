import { contacts, emailSends, gmailAccounts, sequences, templates } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { renderContactOf, unfilledReason } from '../rendering/contact-of-row';
import { renderTemplate } from '../rendering/render-template';
import { spinSeedOf } from '../rendering/spintax';
import { withTracking } from '../tracking/email-tracking';
import { unsubscribeUrl } from '../tracking/tracking-urls';
import type { EngineDeps, Tx } from './engine-deps';

/** The start of the reason an email was stored failed for an unfilled variable (see unfilledReason). */
const UNFILLED_PREFIX = 'no value for ';

/**
 * Before a retry of an email that failed for a variable without a value: renders it again from its
 * template and the contact as they are now, with its own tokens. Refused (409) while a value is still
 * missing, so the retry never sends a gap. Other failures keep their stored copy.
 */
export async function rerenderUnfilledSend(
  deps: Pick<EngineDeps, 'appUrl' | 'appSecret' | 'clock'>,
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
      trackOpens: sequences.trackOpens,
      trackClicks: sequences.trackClicks,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .innerJoin(templates, eq(templates.id, emailSends.templateId))
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .where(eq(emailSends.id, sendId));
  if (!row) return;
  const { send } = row;
  if (!send.stepId || !send.sequenceContactId) return;
  const unsubscribe = unsubscribeUrl(deps.appUrl, send.unsubscribeToken);
  const rendered = renderTemplate(row.template, renderContactOf(row.contact), {
    unsubscribeUrl: unsubscribe,
    sender: { name: row.senderName, email: send.sendAsEmail ?? row.senderEmail },
    spinSeed: spinSeedOf(send.sequenceContactId, send.stepId),
    customKeys: 'any',
  });
  const unfilled = unfilledReason(rendered);
  if (unfilled) throw new AppError('CONFLICT', `Still ${unfilled}: edit the contact, then retry`);
  const tracked = withTracking(rendered, {
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    appUrl: deps.appUrl,
    appSecret: deps.appSecret,
    trackingToken: send.trackingToken,
    unsubscribeUrl: unsubscribe,
  });
  await tx
    .update(emailSends)
    .set({
      // A follow-up in a thread keeps its 'Re: ' subject.
      ...(send.inReplyTo === null && { subject: rendered.subject }),
      htmlBody: tracked.html,
      plainTextBody: tracked.text,
      updatedAt: deps.clock.now(),
    })
    .where(eq(emailSends.id, sendId));
}
