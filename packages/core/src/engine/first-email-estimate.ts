import { estimateSentence, type LaunchEstimate } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { limitFor } from '../quota/quota-store';
import type { Tx } from './engine-deps';
import type { SequenceRow } from './engine-store';
import { sequenceMailboxes } from './sender-pinning';

/**
 * How long `firstEmails` first emails take from the sequence's connected mailboxes at their daily limits
 * (decision 026): whole sending days from the first email's day, weekends not counted when the sequence
 * skips them. An estimate: the mailboxes' other sequences and earlier sends are not taken off.
 */
export async function estimateFirstEmails(
  tx: Tx,
  sequence: SequenceRow,
  firstEmails: number,
  firstSendAt: Date | null,
  now: Date,
): Promise<LaunchEstimate> {
  const ids = (await sequenceMailboxes(tx, sequence)).filter((box) => box.connected).map((b) => b.accountId);
  const accounts = ids.length
    ? await tx.select().from(gmailAccounts).where(inArray(gmailAccounts.id, ids))
    : [];
  const perDay = accounts.reduce((total, account) => total + limitFor(account, now), 0);
  const sendingDays = perDay > 0 && firstEmails > 0 ? Math.ceil(firstEmails / perDay) : 0;
  const last =
    firstSendAt && sendingDays > 0
      ? addSendingDays(firstSendAt, sendingDays - 1, sequence.timezone, sequence.skipWeekends)
      : null;
  const estimate = {
    firstEmails,
    mailboxes: accounts.length,
    perDay,
    sendingDays,
    lastFirstEmailAt: last?.toISOString() ?? null,
    timezone: sequence.timezone,
  };
  return { ...estimate, summary: estimateLine(estimate) };
}

function addSendingDays(from: Date, days: number, timezone: string, skipWeekends: boolean): Date {
  let at = DateTime.fromJSDate(from, { zone: timezone });
  for (let added = 0; added < days; ) {
    at = at.plus({ days: 1 });
    if (!skipWeekends || at.weekday <= 5) added += 1;
  }
  return at.toJSDate();
}

/** The estimate as one line, its last day in the sequence's zone ("Mon 30 Nov"). */
const estimateLine = (estimate: Omit<LaunchEstimate, 'summary'>) =>
  estimateSentence(estimate, (iso) =>
    DateTime.fromISO(iso, { zone: estimate.timezone }).setLocale('en-GB').toFormat('ccc d LLL'),
  );
