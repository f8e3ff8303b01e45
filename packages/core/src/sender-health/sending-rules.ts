import { MAX_SPAM_COMPLAINT_RATE, type SenderHealthCheck, type SendingRule } from '@prospector/contracts';
import { emailSends, trackingEvents } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import type { MailboxRow } from '../mailboxes/account-store';
import { unsubscribeUrl } from '../tracking/tracking-urls';
import { trackingBaseFor } from '../tracking-domains/tracking-base';
import type { HealthReportRow } from './health-store';

/** The window Gmail's Postmaster Tools report the spam rate over. */
const COMPLAINT_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const percent = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

/** Emails the mailbox sent, and how many of them their recipients reported as spam, over the window. */
export async function complaintCounts(
  deps: CoreDeps,
  mailbox: MailboxRow,
): Promise<{ sends: number; complaints: number }> {
  const since = new Date(deps.clock.now().getTime() - COMPLAINT_WINDOW_DAYS * DAY_MS).toISOString();
  const [row] = await queryRows<{ sends: number; complaints: number }>(
    deps.db,
    sql`select
      (select count(*)::int from ${emailSends} where ${emailSends.workspaceId} = ${mailbox.workspaceId}
        and ${emailSends.senderAccountId} = ${mailbox.id} and ${emailSends.sentAt} >= ${since}::timestamptz) as sends,
      (select count(distinct ${trackingEvents.emailSendId})::int from ${trackingEvents}
        join ${emailSends} on ${emailSends.id} = ${trackingEvents.emailSendId}
        where ${trackingEvents.workspaceId} = ${mailbox.workspaceId} and ${emailSends.workspaceId} = ${mailbox.workspaceId}
          and ${emailSends.senderAccountId} = ${mailbox.id} and ${trackingEvents.type} = 'complaint'
          and ${trackingEvents.occurredAt} >= ${since}::timestamptz) as complaints`,
  );
  return { sends: row?.sends ?? 0, complaints: row?.complaints ?? 0 };
}

function checkRule(
  checks: SenderHealthCheck[],
  name: SenderHealthCheck['name'],
  key: SendingRule['key'],
  label: string,
): SendingRule {
  const check = checks.find((c) => c.name === name);
  if (!check) return { key, label, met: false, detail: 'Not checked yet.' };
  return { key, label, met: check.result === 'pass' || check.result === 'warn', detail: check.reason };
}

/**
 * Gmail's and Yahoo's requirements of bulk senders, for one mailbox, from the same findings that hold it:
 * SPF, DKIM and DMARC published and passing, SPF or DKIM aligned with the From domain, one-click
 * unsubscribe (RFC 8058, which needs an https link: the app adds List-Unsubscribe and List-Unsubscribe-Post
 * to every email of a sequence), and a spam-complaint rate under 0.3% from the app's own complaint counts.
 */
export async function sendingRules(
  deps: CoreDeps & { appUrl: string },
  mailbox: MailboxRow,
  report: HealthReportRow | undefined,
): Promise<SendingRule[]> {
  const checks = (report?.checks ?? []) as SenderHealthCheck[];
  const base = await trackingBaseFor(deps.db, deps.appUrl, mailbox.workspaceId, mailbox.id);
  const oneClick = unsubscribeUrl(base, 'token').startsWith('https:');
  const { sends, complaints } = await complaintCounts(deps, mailbox);
  const rate = sends > 0 ? complaints / sends : 0;
  return [
    checkRule(checks, 'spf', 'spf', 'SPF record published and passing'),
    checkRule(checks, 'dkim', 'dkim', 'Emails signed with DKIM'),
    checkRule(checks, 'dmarc', 'dmarc', 'DMARC record published'),
    {
      key: 'alignment',
      label: 'SPF or DKIM aligned with the From domain',
      met: report?.dmarcAligned === true,
      detail: !report
        ? 'Not checked yet.'
        : report.dmarcAligned === true
          ? 'The From domain matches the domain SPF or DKIM authenticates.'
          : report.dmarcAligned === false
            ? 'Neither SPF nor DKIM authenticates the From domain itself.'
            : 'Could not be told at the last check.',
    },
    {
      key: 'one_click_unsubscribe',
      label: 'One-click unsubscribe',
      met: oneClick,
      detail: oneClick
        ? 'Every email carries List-Unsubscribe and List-Unsubscribe-Post headers with an https link.'
        : 'The unsubscribe link is not https, which one-click unsubscribe (RFC 8058) requires: serve the app over https.',
    },
    {
      key: 'complaint_rate',
      label: 'Spam complaints under 0.3%',
      met: rate < MAX_SPAM_COMPLAINT_RATE,
      detail:
        sends === 0
          ? `No emails sent in the last ${COMPLAINT_WINDOW_DAYS} days.`
          : `${complaints} of ${sends} emails reported as spam in the last ${COMPLAINT_WINDOW_DAYS} days (${percent(rate)}).`,
    },
  ];
}
