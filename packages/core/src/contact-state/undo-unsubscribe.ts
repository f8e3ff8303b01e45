import {
  isContactsOwnUnsubscribe,
  type UnsubscribeSource,
  unsubscribeUndoRefusal,
} from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Tx } from '../engine/engine-deps';

export interface UnsubscribedState {
  unsubscribed: boolean;
  unsubscribeSource: UnsubscribeSource | null;
  unsubscribedAt: Date | null;
}

/**
 * Refuses (409) to undo an unsubscribe the contact made themselves (the link, one-click, a complaint, a
 * reply asking so), naming how and when; the user's own unsubscribe may be undone.
 */
export function assertUnsubscribeUndoable(contact: UnsubscribedState): void {
  if (!contact.unsubscribed || !isContactsOwnUnsubscribe(contact.unsubscribeSource)) return;
  const at = contact.unsubscribedAt ?? new Date(0);
  throw new AppError('CONFLICT', unsubscribeUndoRefusal(contact.unsubscribeSource as UnsubscribeSource, at));
}

/**
 * The one way a contact becomes subscribed again: only the user's own unsubscribe is undone (409 for the
 * contact's own), in the caller's transaction. Ended enrolments stay ended.
 */
export async function undoUnsubscribeInTx(
  tx: Tx,
  target: { workspaceId: string; contactId: string; at: Date },
  current: UnsubscribedState,
): Promise<void> {
  assertUnsubscribeUndoable(current);
  if (!current.unsubscribed) return;
  await tx
    .update(contacts)
    .set({ unsubscribed: false, unsubscribeSource: null, unsubscribedAt: null, updatedAt: target.at })
    .where(
      and(
        eq(contacts.id, target.contactId),
        eq(contacts.workspaceId, target.workspaceId),
        eq(contacts.unsubscribed, true),
      ),
    );
}
