import { emailSends, gmailAccounts } from '@prospector/db';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { MailProviderError } from '../mailboxes/mail-provider';
import { limitFor, sentInWindow } from '../quota/quota-store';
import type { EngineDeps } from './engine-deps';
import type { LoadedSending } from './load-sending';
import { backOffFor } from './send-failure';

/** Mailboxes their provider told to wait during one dispatch round, with the waiting reason of their sends. */
export type MailboxBackOffs = Map<string, string>;

/**
 * The provider asked the mailbox to slow down, hit its sending limit or did not answer: the send goes back to
 * scheduled and the mailbox (not the enrolment) waits until the time the provider names, else an exponential
 * backoff; its due sends show why. A daily sending-limit answer also lowers the mailbox's daily limit to
 * what it actually sent in the last 24 hours, so it stops short of the wall next time. The next attempt
 * looks the Message-ID up first (the send's attempts are above 1), so it cannot send twice. Returns the
 * waiting reason.
 */
export async function backOffMailbox(
  deps: EngineDeps,
  loaded: LoadedSending,
  error: MailProviderError,
): Promise<string> {
  const now = deps.clock.now();
  const { send } = loaded;
  const backOff = backOffFor(error, send.attempts, now);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailSends)
      .set({
        state: 'scheduled',
        claimedAt: null,
        lastError: error.message.slice(0, 1000),
        waitingReason: backOff.reason,
        updatedAt: now,
      })
      .where(and(eq(emailSends.id, send.id), eq(emailSends.state, 'sending')));
    const accountId = send.senderAccountId;
    if (!accountId) return;
    await tx
      .update(emailSends)
      .set({ waitingReason: backOff.reason })
      .where(
        and(
          eq(emailSends.senderAccountId, accountId),
          eq(emailSends.state, 'scheduled'),
          lte(emailSends.scheduledFor, backOff.until),
        ),
      );
    const until = sql`${backOff.until.toISOString()}::timestamptz`;
    const [account] = await tx
      .update(gmailAccounts)
      .set({ nextSendAt: sql`greatest(coalesce(${gmailAccounts.nextSendAt}, ${until}), ${until})` })
      .where(eq(gmailAccounts.id, accountId))
      .returning();
    if (backOff.kind !== 'sending-limit' || !account) return;
    const sent = await sentInWindow(tx, account.workspaceId, account.email, now);
    const lowered = Math.max(1, sent);
    if (lowered < limitFor(account, now)) {
      await tx.update(gmailAccounts).set({ dailyLimit: lowered }).where(eq(gmailAccounts.id, accountId));
    }
  });
  return backOff.reason;
}
