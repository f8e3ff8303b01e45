import { gmailAccounts } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import type { EngineDeps } from '../engine/engine-deps';
import { type MailboxSync, syncMailbox } from './sync-mailbox';

/** The pg-boss queue of reply polls (replies, auto-replies, bounces and complaints in users' mailboxes). */
export const REPLY_POLL_JOB = 'reply-poll';

/** Mailboxes polled at once. */
const CONCURRENCY = 4;

export interface PollOutcome {
  synced: MailboxSync[];
  failed: { accountId: string; error: unknown }[];
}

/**
 * One round of the reply poller over every connected mailbox of the Google in use (live or sandbox). A
 * mailbox that fails (Google down, token revoked: withGmail marks it token_expired) does not stop the
 * others; it is tried again next round.
 */
export async function pollReplies(deps: EngineDeps): Promise<PollOutcome> {
  if (!deps.google) return { synced: [], failed: [] };
  const accounts = await deps.db
    .select()
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.status, 'connected'), eq(gmailAccounts.sandbox, deps.google.sandbox)))
    .orderBy(asc(gmailAccounts.lastSyncedAt));
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
