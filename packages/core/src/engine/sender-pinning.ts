import { gmailAccounts, sequenceContacts } from '@prospector/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import { getDefaultSender } from '../mailboxes/account-store';
import type { Tx } from './engine-deps';
import type { SequenceRow } from './engine-store';

export interface PinnedSender {
  accountId: string;
  sendAsEmail: string | null;
  /** False for a disconnected or expired mailbox, chosen only when none of the candidates is connected. */
  connected?: boolean;
}

/**
 * The mailboxes a sequence sends from, each with its send-as address: senderAccountIds (the first with the
 * sequence's sendAsEmail), else senderAccountId, else the user's default sender (else their first
 * mailbox). Only mailboxes the user still has count, and connected ones first: a disconnected mailbox is
 * chosen only when none of the candidates is connected (its emails then wait for it to be reconnected).
 */
export async function sequenceMailboxes(tx: Tx, sequence: SequenceRow): Promise<PinnedSender[]> {
  const named = sequence.senderAccountIds.length
    ? sequence.senderAccountIds
    : sequence.senderAccountId
      ? [sequence.senderAccountId]
      : [];
  const owned = await tx
    .select({ id: gmailAccounts.id, status: gmailAccounts.status })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.workspaceId, sequence.workspaceId))
    .orderBy(gmailAccounts.createdAt);
  const ownedIds = new Set(owned.map((row) => row.id));
  const connected = new Set(owned.filter((row) => row.status === 'connected').map((row) => row.id));
  const connectedFirst = (boxes: PinnedSender[]) => {
    const live = boxes.filter((box) => connected.has(box.accountId));
    return live.length > 0 ? live : boxes;
  };
  if (named.length > 0) {
    const first = named[0];
    return connectedFirst(
      named
        .filter((id, index) => ownedIds.has(id) && named.indexOf(id) === index)
        .map((id) => ({
          accountId: id,
          sendAsEmail: id === first ? sequence.sendAsEmail : null,
          connected: connected.has(id),
        })),
    );
  }
  const chosen = await getDefaultSender(tx, sequence.workspaceId);
  if (chosen.accountId && connected.has(chosen.accountId)) {
    const sendAsEmail = sequence.sendAsEmail ?? chosen.sendAsEmail ?? null;
    return [{ accountId: chosen.accountId, sendAsEmail, connected: true }];
  }
  const fallback =
    owned.find((row) => connected.has(row.id)) ?? owned.find((row) => row.id === chosen.accountId);
  const pinned = fallback ?? owned[0];
  if (!pinned) return [];
  const sendAs =
    pinned.id === chosen.accountId
      ? (sequence.sendAsEmail ?? chosen.sendAsEmail ?? null)
      : sequence.sendAsEmail;
  return [{ accountId: pinned.id, sendAsEmail: sendAs, connected: connected.has(pinned.id) }];
}

/** Each mailbox's load (active enrolments pinned to it), kept across the batches of one tick. */
export type MailboxLoads = Map<string, number>;

/**
 * Hands out the least-loaded of the mailboxes, one enrolment at a time: load is the number of the user's
 * active enrolments pinned to the mailbox, counted the first time `loads` meets the mailbox and then kept
 * in memory (so a launch's batches do not count its enrolments again each time). Ties go to the order the
 * sequence lists them in.
 */
export async function createSenderPinner(
  tx: Tx,
  workspaceId: string,
  mailboxes: PinnedSender[],
  loads: MailboxLoads = new Map(),
) {
  if (mailboxes.length <= 1) {
    // One mailbox (or none) needs no count: it takes every enrolment.
    const only = mailboxes[0] ?? null;
    return () => only;
  }
  const uncounted = mailboxes.map((mailbox) => mailbox.accountId).filter((id) => !loads.has(id));
  if (uncounted.length > 0) {
    const rows = await tx
      .select({ accountId: sequenceContacts.senderAccountId, n: count() })
      .from(sequenceContacts)
      .where(
        and(
          eq(sequenceContacts.workspaceId, workspaceId),
          eq(sequenceContacts.status, 'active'),
          inArray(sequenceContacts.senderAccountId, uncounted),
        ),
      )
      .groupBy(sequenceContacts.senderAccountId);
    for (const row of rows) if (row.accountId) loads.set(row.accountId, Number(row.n));
  }
  for (const id of uncounted) if (!loads.has(id)) loads.set(id, 0);
  return (): PinnedSender | null => {
    let best: PinnedSender | null = null;
    for (const mailbox of mailboxes) {
      if (!best || (loads.get(mailbox.accountId) ?? 0) < (loads.get(best.accountId) ?? 0)) best = mailbox;
    }
    if (best) loads.set(best.accountId, (loads.get(best.accountId) ?? 0) + 1);
    return best;
  };
}
