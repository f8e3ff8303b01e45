import type { SenderHealth, SenderHealthCheck } from '@prospector/contracts';
import { type MailboxRow, requireAccount } from '../mailboxes/account-store';
import { MAILBOX_NOT_FOUND } from '../mailboxes/update-mailbox';
import { findHealthReport, type HealthReportRow } from './health-store';
import { heldByHealth } from './health-summary';
import type { MailboxHealthDeps } from './sender-health-deps';
import { domainOf } from './sender-inputs';
import { consumerProvider } from './sending-providers';
import { sendingRules } from './sending-rules';

/** The answer of GET /api/mailboxes/{id}/health: `unknown` with no checkedAt when never checked. */
export async function healthAnswer(
  deps: MailboxHealthDeps,
  mailbox: MailboxRow,
  report: HealthReportRow | undefined,
): Promise<SenderHealth> {
  return {
    status: report?.status ?? 'unknown',
    checkedAt: report?.checkedAt.toISOString() ?? null,
    checks: (report?.checks ?? []) as SenderHealthCheck[],
    domain: domainOf(mailbox.email),
    providerDomain: consumerProvider(domainOf(mailbox.email)) !== null,
    hold: {
      held: heldByHealth(mailbox, report),
      overriddenAt: report?.overriddenAt?.toISOString() ?? null,
    },
    rules: await sendingRules(deps, mailbox, report),
  };
}

/** GET /api/mailboxes/{id}/health: the latest check of the user's mailbox; another user's is a 404. */
export async function getMailboxHealth(
  deps: MailboxHealthDeps,
  workspaceId: string,
  accountId: string,
): Promise<SenderHealth> {
  const mailbox = await requireAccount(deps.db, workspaceId, accountId, MAILBOX_NOT_FOUND);
  return healthAnswer(deps, mailbox, await findHealthReport(deps.db, workspaceId, mailbox.id));
}
