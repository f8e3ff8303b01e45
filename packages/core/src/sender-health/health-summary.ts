import type { SenderHealthSummary } from '@prospector/contracts';
import type { MailboxRow } from '../mailboxes/account-store';
import type { HealthReportRow } from './health-store';

/** Whether the mailbox's pause is the hold sender health placed (not a bounce-rate or the user's pause). */
export const heldByHealth = (mailbox: MailboxRow, report: HealthReportRow | undefined) =>
  Boolean(report?.heldAt && mailbox.pausedAt?.getTime() === report.heldAt.getTime());

/** The card's badge: the latest status and whether sending is held for it. */
export function healthSummary(mailbox: MailboxRow, report: HealthReportRow | undefined): SenderHealthSummary {
  return {
    status: report?.status ?? 'unknown',
    checkedAt: report?.checkedAt.toISOString() ?? null,
    held: heldByHealth(mailbox, report),
  };
}
