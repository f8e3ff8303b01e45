import type { LeadStatus, LeadStatusSource } from '@prospector/contracts';
import { contacts, inboxLabels } from '@prospector/db';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { AppError } from '../app-error';
import { unsubscribeInTx } from '../contact-state/unsubscribe';
import { CONTACT_NOT_FOUND } from '../contacts/contact-store';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import { recordContactStatusChanged } from '../webhooks/record-event';

export const LABEL_NOT_FOUND = 'Label not found';

/** A contact's lead status set by its user (the public API's PATCH); 404 for another user's contact. */
export async function setLeadStatusAsUser(
  deps: CoreDeps,
  workspaceId: string,
  contactId: string,
  status: LeadStatus | null,
): Promise<void> {
  const at = deps.clock.now();
  const change = { workspaceId, contactId, status, source: 'user' as const, reason: null, at };
  const written = await deps.db.transaction((tx) => setContactLeadStatus(tx, change));
  if (!written) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
}

export interface LeadStatusChange {
  workspaceId: string;
  contactId: string;
  /** null clears the status. */
  status: LeadStatus | null;
  source: LeadStatusSource;
  reason: string | null;
  at: Date;
  /** The email the conversation answers: an unsubscribe request records its unsubscribe event on it. */
  emailSendId?: string | null;
}

/**
 * Sets a contact's lead status, the one way every part of the product does it. The user's choice always
 * wins: an automatic status never replaces one the user set. "Unsubscribe request" also unsubscribes the
 * contact (its enrolments stop, its scheduled emails are cancelled). A `label:<id>` must be one of the
 * user's labels (404 otherwise). Returns whether the status was written.
 */
export async function setContactLeadStatus(tx: Tx, change: LeadStatusChange): Promise<boolean> {
  if (change.status?.startsWith('label:')) {
    const [label] = await tx
      .select({ id: inboxLabels.id })
      .from(inboxLabels)
      .where(
        and(eq(inboxLabels.workspaceId, change.workspaceId), eq(inboxLabels.id, change.status.slice(6))),
      );
    if (!label) throw new AppError('NOT_FOUND', LABEL_NOT_FOUND);
  }
  const [before] = await tx
    .select({ status: contacts.leadStatus })
    .from(contacts)
    .where(and(eq(contacts.id, change.contactId), eq(contacts.workspaceId, change.workspaceId)));
  const guard =
    change.source === 'auto'
      ? or(isNull(contacts.leadStatusSource), ne(contacts.leadStatusSource, 'user'))
      : undefined;
  const updated = await tx
    .update(contacts)
    .set({
      leadStatus: change.status,
      leadStatusSource: change.status ? change.source : null,
      leadStatusReason: change.status ? change.reason : null,
      leadStatusAt: change.at,
      updatedAt: change.at,
    })
    .where(and(eq(contacts.id, change.contactId), eq(contacts.workspaceId, change.workspaceId), guard))
    .returning({ id: contacts.id });
  if (!updated.length) return false;
  if ((before?.status ?? null) !== change.status) {
    await recordContactStatusChanged(tx, {
      workspaceId: change.workspaceId,
      contactId: change.contactId,
      from: before?.status ?? null,
      to: change.status,
      when: change.at,
    });
  }
  if (change.status === 'unsubscribe_request') {
    await unsubscribeInTx(tx, {
      workspaceId: change.workspaceId,
      contactId: change.contactId,
      emailSendId: change.emailSendId ?? null,
      source: 'reply',
      at: change.at,
      payload: { source: change.source },
    });
  }
  return true;
}
