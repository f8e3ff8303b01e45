import { contacts, emailSends, gmailAccounts, sequences, templates } from '@prospector/db';
import { and, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { EngineDeps, Tx } from './engine-deps';
import { renderStoredSend } from './render-stored-send';

/** The start of the reason an email was stored failed for an unfilled variable (see unfilledReason). */
const UNFILLED_PREFIX = 'no value for ';

/** What renderStoredSend reads for a send, joined from the send's own row. */
export const storedSendSources = {
  send: emailSends,
  contact: contacts,
  template: templates,
  senderName: gmailAccounts.displayName,
  senderEmail: gmailAccounts.email,
  trackOpens: sequences.trackOpens,
  trackClicks: sequences.trackClicks,
};

export function selectStoredSendSources(tx: Tx, workspaceId: string, where: SQL | undefined) {
  return tx
    .select(storedSendSources)
    .from(emailSends)
    .innerJoin(
      contacts,
      and(eq(contacts.workspaceId, emailSends.workspaceId), eq(contacts.id, emailSends.contactId)),
    )
    .innerJoin(templates, eq(templates.id, emailSends.templateId))
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .where(and(eq(emailSends.workspaceId, workspaceId), where));
}

/**
 * Before a retry of an email that failed for a variable without a value: renders it again from its
 * template and the contact as they are now, with its own tokens. Refused (409) while a value is still
 * missing, so the retry never sends a gap. Other failures keep their stored copy.
 */
export async function rerenderUnfilledSend(
  deps: Pick<EngineDeps, 'appUrl' | 'appSecret' | 'clock'>,
  tx: Tx,
  workspaceId: string,
  sendId: string,
  lastError: string | null,
) {
  if (!lastError?.startsWith(UNFILLED_PREFIX)) return;
  const [row] = await selectStoredSendSources(tx, workspaceId, eq(emailSends.id, sendId));
  if (!row) return;
  if (!row.send.stepId || !row.send.sequenceContactId) return;
  const { subject, htmlBody, plainTextBody, unfilled } = renderStoredSend(deps, row);
  if (unfilled) throw new AppError('CONFLICT', `Still ${unfilled}: edit the contact, then retry`);
  await tx
    .update(emailSends)
    .set({
      ...(subject !== null && { subject }),
      htmlBody,
      plainTextBody,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.id, sendId)));
}
