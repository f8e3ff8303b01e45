import { BLACKLIST_TAG } from '@prospector/contracts';
import type { Tx } from '../engine/engine-deps';
import { BLACKLISTED_BY_USER_REASON, blacklistInTx } from './blacklist';
import { setSuppressedInTx } from './suppress';
import { type UnsubscribedState, undoUnsubscribeInTx } from './undo-unsubscribe';
import { unsubscribeInTx } from './unsubscribe';

/** The user's own doors: the web app, and the public API with one of the user's keys. */
export type UserDoor = 'user' | 'api';

export interface ContactFlags {
  unsubscribed?: boolean;
  suppressed?: boolean;
  tags?: string[];
}

/**
 * What a contact edit (the contact dialog, the public API's PATCH and upsert) asks of the contact's state,
 * each change through the one use case that owns it: unsubscribe, undoing it (409 for the contact's own),
 * suppression, and the `blacklist` tag newly added. Values equal to the current ones change nothing.
 */
export async function applyContactFlags(
  tx: Tx,
  target: { workspaceId: string; contactId: string; at: Date; door: UserDoor },
  current: UnsubscribedState & { suppressed: boolean; tags: string[] | null },
  flags: ContactFlags,
): Promise<void> {
  const { workspaceId, contactId, at } = target;
  if (flags.unsubscribed === true && !current.unsubscribed) {
    await unsubscribeInTx(tx, { workspaceId, contactId, at, source: target.door });
  } else if (flags.unsubscribed === false) {
    await undoUnsubscribeInTx(tx, { workspaceId, contactId, at }, current);
  }
  if (flags.suppressed !== undefined && flags.suppressed !== current.suppressed) {
    await setSuppressedInTx(tx, { workspaceId, contactId, at }, flags.suppressed);
  }
  if (flags.tags?.includes(BLACKLIST_TAG) && !current.tags?.includes(BLACKLIST_TAG)) {
    await blacklistInTx(tx, { workspaceId, contactId, at, reason: BLACKLISTED_BY_USER_REASON });
  }
}
