import { gmailAccounts, senderHealthReports } from '@prospector/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import type { MailboxRow } from '../mailboxes/account-store';
import { recordMailboxHealthChanged } from '../webhooks/record-event';
import type { HealthReport } from './health-report';
import { type HealthReportRow, saveHealthReport } from './health-store';
import { domainOf } from './sender-inputs';

/**
 * What a hold rests on: the domain fails DMARC alignment, the domain or its sending address is blocklisted;
 * and whether a check has ever found the domain aligned (alignment holds only once it is lost).
 */
interface Trouble {
  dmarc: boolean;
  blocklist: boolean;
  aligned: boolean;
}

const parseTrouble = (text: string | undefined): Trouble => {
  const parts = (text ?? '').split('+');
  return {
    dmarc: parts.includes('dmarc'),
    blocklist: parts.includes('blocklist'),
    aligned: parts.includes('aligned'),
  };
};
const formatTrouble = (trouble: Trouble) =>
  [trouble.dmarc && 'dmarc', trouble.blocklist && 'blocklist', trouble.aligned && 'aligned']
    .filter(Boolean)
    .join('+');

/** A part that could not be told this time keeps what the last check that could tell found. */
function troubleOf(report: HealthReport, before: Trouble): Trouble {
  const known = report.dmarcAligned !== 'unknown';
  return {
    dmarc: known ? !report.dmarcAligned : before.dmarc,
    blocklist: report.blocklisted === null ? before.blocklist : report.blocklisted,
    aligned: known ? report.dmarcAligned === true : before.aligned,
  };
}

export function healthHoldReason(email: string, trouble: Trouble): string {
  const domain = domainOf(email);
  const what = [
    trouble.dmarc && `${domain} fails DMARC alignment (neither SPF nor DKIM matches the From domain)`,
    trouble.blocklist && `${domain} or its sending address is on a blocklist`,
  ]
    .filter(Boolean)
    .join(', and ');
  return `Held for sender health: ${what}. Fix it as Sender health shows (sending resumes by itself once the check passes), or choose Send anyway.`;
}

/**
 * Records a check of a mailbox, in the caller's transaction, and acts on it: a mailbox whose domain stops
 * aligning under DMARC (after a check found it aligned) or newly appears on a blocklist is held (paused, as a high bounce rate pauses it)
 * unless it is already paused; a hold this placed is lifted once neither is found any more. A pause of
 * another cause is never lifted here, and a hold the user overrode is not placed again until what it rests
 * on changes. A change of status or hold is told to webhooks as `mailbox.health_changed`.
 */
export async function recordHealthCheck(
  tx: Tx,
  mailbox: MailboxRow,
  before: HealthReportRow | undefined,
  report: HealthReport,
): Promise<HealthReportRow> {
  const at = report.checkedAt;
  const was = parseTrouble(before?.trouble);
  const trouble = troubleOf(report, was);
  const changed = formatTrouble(trouble) !== formatTrouble(was);
  // Alignment holds only once it is lost: a domain that never aligned (a mailbox just connected, say) is
  // warned of in the panel and the launch review, not held. A listing holds whenever it appears.
  const lostAlignment = trouble.dmarc && was.aligned;
  const newly = lostAlignment || (trouble.blocklist && !was.blocklist);
  // The hold is ours only while the mailbox's pause is still the one it set.
  const ours =
    before?.heldAt && mailbox.pausedAt?.getTime() === before.heldAt.getTime() ? before.heldAt : null;
  let heldAt = ours;
  if (newly && !mailbox.pausedAt) {
    const held = await tx
      .update(gmailAccounts)
      .set({ pausedAt: at, pausedReason: healthHoldReason(mailbox.email, trouble), updatedAt: at })
      .where(
        and(
          eq(gmailAccounts.workspaceId, mailbox.workspaceId),
          eq(gmailAccounts.id, mailbox.id),
          isNull(gmailAccounts.pausedAt),
        ),
      )
      .returning({ id: gmailAccounts.id });
    if (held.length > 0) heldAt = at;
  } else if (ours && !trouble.dmarc && !trouble.blocklist) {
    await tx
      .update(gmailAccounts)
      .set({ pausedAt: null, pausedReason: null, updatedAt: at })
      .where(
        and(
          eq(gmailAccounts.workspaceId, mailbox.workspaceId),
          eq(gmailAccounts.id, mailbox.id),
          sql`${gmailAccounts.pausedAt} = ${ours.toISOString()}::timestamptz`,
        ),
      );
    heldAt = null;
  }
  const row = await saveHealthReport(tx, {
    workspaceId: mailbox.workspaceId,
    accountId: mailbox.id,
    status: report.status,
    checkedAt: at,
    checks: report.checks,
    dmarcAligned: report.dmarcAligned === 'unknown' ? null : report.dmarcAligned,
    blocklisted: report.blocklisted,
    trouble: formatTrouble(trouble),
    heldAt,
    overriddenAt: changed ? null : (before?.overriddenAt ?? null),
    updatedAt: at,
  });
  const holdChanged = (heldAt === null) !== (ours === null);
  if (before?.status !== report.status || holdChanged) {
    await recordMailboxHealthChanged(tx, mailbox.id, at, {
      status: report.status,
      previousStatus: before?.status ?? 'unknown',
      held: heldAt !== null,
      reason: heldAt ? healthHoldReason(mailbox.email, trouble) : null,
    });
  }
  return row;
}

/**
 * The user lifts a hold placed for sender health (Resume, "Send anyway"): it is not placed again until what
 * it rested on changes. Called in the transaction that lifts the pause, with the pause being lifted.
 */
export async function recordHealthOverride(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  pausedAt: Date | null,
  at: Date,
): Promise<void> {
  if (!pausedAt) return;
  await tx
    .update(senderHealthReports)
    .set({ heldAt: null, overriddenAt: at, updatedAt: at })
    .where(
      and(
        eq(senderHealthReports.workspaceId, workspaceId),
        eq(senderHealthReports.accountId, accountId),
        sql`${senderHealthReports.heldAt} = ${pausedAt.toISOString()}::timestamptz`,
      ),
    );
}
