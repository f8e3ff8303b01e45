import { gmailAccounts } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import type { EngineDeps } from '../engine/engine-deps';
import { mailProviderFor } from '../mailboxes/providers';
import { type MailboxSync, syncMailbox } from './sync-mailbox';

/** The pg-boss queue of reply polls (replies, auto-replies, bounces and complaints in users' mailboxes). */
export const REPLY_POLL_JOB = 'reply-poll';

/**
 * The pg-boss queue of polls of one mailbox, asked for when its IMAP IDLE connection reports new mail;
 * the job's singleton key is the mailbox id.
 */
export const MAILBOX_POLL_JOB = 'mailbox-poll';

/** Mailboxes polled at once. */
const CONCURRENCY = 4;

export interface PollOutcome {
  synced: MailboxSync[];
  failed: { accountId: string; error: unknown }[];
}

/**
 * One round of the reply poller over every connected mailbox this deployment can reach (a sandbox
 * mailbox only through its sandbox). A mailbox that fails (its provider down, its authorisation lost: the
 * provider holds it) does not stop the others; it is tried again next round.
 */
export async function pollReplies(deps: EngineDeps): Promise<PollOutcome> {
  const connected = await deps.db
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.status, 'connected'))
    .orderBy(asc(gmailAccounts.lastSyncedAt));
  const accounts = connected.filter((account) => mailProviderFor(account).reachable(deps, account));
  const outcome: PollOutcome = { synced: [], failed: [] };
  let next = 0;
  const lane = async () => {
    while (next < accounts.length) {
      const account = accounts[next++]!;
      try {
        outcome.synced.push(await syncMailbox(deps, account));
      } catch (error) {
        outcome.failed.push({ accountId: account.id, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, accounts.length) }, lane));
  return outcome;
}

/**
 * One mailbox read at once, through the same read as the round (syncMailbox): when it is still connected
 * and reachable; null otherwise (disconnected or removed since it was asked for).
 */
export async function pollMailbox(deps: EngineDeps, accountId: string): Promise<MailboxSync | null> {
  const [account] = await deps.db
    .select()
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.id, accountId), eq(gmailAccounts.status, 'connected')));
  if (!account || !mailProviderFor(account).reachable(deps, account)) return null;
  return syncMailbox(deps, account);
}
