import { gmailAccounts, sequenceContacts } from '@prospector/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import { getDefaultSender } from '../gmail/account-store';
import type { Tx } from './engine-deps';
import type { SequenceRow } from './engine-store';

export interface PinnedSender {
  accountId: string;
  sendAsEmail: string | null;
}

/**
 * The mailboxes a sequence sends from, each with its send-as address: senderAccountIds (the first with the
 * sequence's sendAsEmail), else senderAccountId, else the user's default sender (else their first
 * mailbox). Only mailboxes the user still has count.
 */
export async function sequenceMailboxes(tx: Tx, sequence: SequenceRow): Promise<PinnedSender[]> {
  const named = sequence.senderAccountIds.length
    ? sequence.senderAccountIds
    : sequence.senderAccountId
      ? [sequence.senderAccountId]
      : [];
  const owned = await tx
    .select({ id: gmailAccounts.id, createdAt: gmailAccounts.createdAt })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.userId, sequence.userId))
    .orderBy(gmailAccounts.createdAt);
  const ownedIds = new Set(owned.map((row) => row.id));
  if (named.length > 0) {
    const first = named[0];
    return named
      .filter((id, index) => ownedIds.has(id) && named.indexOf(id) === index)
      .map((id) => ({ accountId: id, sendAsEmail: id === first ? sequence.sendAsEmail : null }));
  }
  const chosen = await getDefaultSender(tx, sequence.userId);
  if (chosen.accountId && ownedIds.has(chosen.accountId)) {
    return [{ accountId: chosen.accountId, sendAsEmail: sequence.sendAsEmail ?? chosen.sendAsEmail ?? null }];
  }
  const fallback = owned[0];
  return fallback ? [{ accountId: fallback.id, sendAsEmail: sequence.sendAsEmail }] : [];
}

/**
 * Hands out the least-loaded of the mailboxes, one enrolment at a time: load is the number of the user's
 * active enrolments pinned to the mailbox, counted once and then kept in memory. Ties go to the order the
 * sequence lists them in.
 */
export async function createSenderPinner(tx: Tx, userId: string, mailboxes: PinnedSender[]) {
  const load = new Map(mailboxes.map((mailbox) => [mailbox.accountId, 0]));
  if (mailboxes.length > 1) {
    const rows = await tx
      .select({ accountId: sequenceContacts.senderAccountId, n: count() })
      .from(sequenceContacts)
      .where(
        and(
          eq(sequenceContacts.userId, userId),
          eq(sequenceContacts.status, 'active'),
          inArray(
            sequenceContacts.senderAccountId,
            mailboxes.map((mailbox) => mailbox.accountId),
          ),
        ),
      )
      .groupBy(sequenceContacts.senderAccountId);
    for (const row of rows) if (row.accountId) load.set(row.accountId, Number(row.n));
  }
  return (): PinnedSender | null => {
    let best: PinnedSender | null = null;
    for (const mailbox of mailboxes) {
      if (!best || (load.get(mailbox.accountId) ?? 0) < (load.get(best.accountId) ?? 0)) best = mailbox;
    }
    if (best) load.set(best.accountId, (load.get(best.accountId) ?? 0) + 1);
    return best;
  };
}
