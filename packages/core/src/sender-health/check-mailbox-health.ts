import type { SenderHealth } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import type { JobQueue } from '../deps';
import { findAccount, type MailboxRow, requireAccount } from '../mailboxes/account-store';
import { MAILBOX_NOT_FOUND } from '../mailboxes/update-mailbox';
import { healthAnswer } from './health-answer';
import { recordHealthCheck } from './health-hold';
import type { HealthReport } from './health-report';
import { findHealthReport, type HealthReportRow } from './health-store';
import { checksOf, limitsOf, MAILBOX_HEALTH_CHECK_JOB, type MailboxHealthDeps } from './sender-health-deps';
import { senderToCheck } from './sender-inputs';

/** A check that did not finish (in time): every check unknown, "could not check", never "failing". */
function couldNotCheck(at: Date, reason: string): HealthReport {
  return {
    status: 'unknown',
    checkedAt: at,
    checks: (['mx', 'spf', 'dkim', 'dmarc', 'blocklist'] as const).map((name) => ({
      name,
      result: 'unknown',
      found: null,
      reason,
      fix: null,
    })),
    dmarcAligned: 'unknown',
    blocklisted: null,
  };
}

async function runChecks(deps: MailboxHealthDeps, mailbox: MailboxRow): Promise<HealthReport> {
  const { checkTimeoutMs } = limitsOf(deps);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HealthReport>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          couldNotCheck(
            deps.clock.now(),
            `The check did not finish within ${checkTimeoutMs / 1000} seconds.`,
          ),
        ),
      checkTimeoutMs,
    );
  });
  const check = senderToCheck(deps, mailbox)
    .then((sender) => checksOf(deps)(sender))
    .catch(() => couldNotCheck(deps.clock.now(), 'The check could not be made; it is tried again later.'));
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the mailbox's domain now, through the process's gate (a background job waits its turn, a user's
 * request beyond the line is refused with 429), and records the report and what it does to the hold.
 */
export async function checkMailbox(
  deps: MailboxHealthDeps,
  mailbox: MailboxRow,
  options: { patient?: boolean } = {},
): Promise<HealthReportRow> {
  const report = await deps.gate.run(() => runChecks(deps, mailbox), options);
  return deps.db.transaction(async (tx) => {
    // Read again in the transaction: the hold acts on the mailbox and report as they are now.
    const current = (await findAccount(tx, mailbox.workspaceId, mailbox.id)) ?? mailbox;
    const before = await findHealthReport(tx, mailbox.workspaceId, mailbox.id);
    return recordHealthCheck(tx, current, before, report);
  });
}

/** POST /api/mailboxes/{id}/health/check: "Check again", answered as GET /api/mailboxes/{id}/health. */
export async function checkMailboxHealth(
  deps: MailboxHealthDeps,
  workspaceId: string,
  accountId: string,
): Promise<SenderHealth> {
  const mailbox = await requireAccount(deps.db, workspaceId, accountId, MAILBOX_NOT_FOUND);
  const row = await checkMailbox(deps, mailbox);
  const now = (await findAccount(deps.db, workspaceId, mailbox.id)) ?? mailbox;
  return healthAnswer(deps, now, row);
}

/** Asks the background jobs to check a mailbox that just connected; the connection does not wait for it. */
export async function askForHealthCheck(
  queue: JobQueue,
  workspaceId: string,
  accountId?: string,
): Promise<void> {
  await queue
    .send(MAILBOX_HEALTH_CHECK_JOB, { workspaceId, ...(accountId ? { accountId } : {}) })
    .catch(() => null);
}

/**
 * The job a connection asks for: the named mailbox, or (after an OAuth connection, which does not say
 * which) every connected mailbox of the user not checked yet.
 */
export async function runHealthCheckJob(deps: MailboxHealthDeps, data: unknown): Promise<number> {
  const { workspaceId, accountId } = (data ?? {}) as { workspaceId?: string; accountId?: string };
  if (typeof workspaceId !== 'string') return 0;
  const mailboxes = accountId
    ? [await findAccount(deps.db, workspaceId, accountId)].filter((m): m is MailboxRow => m !== undefined)
    : await uncheckedMailboxes(deps, workspaceId);
  for (const mailbox of mailboxes) await checkMailbox(deps, mailbox, { patient: true });
  return mailboxes.length;
}

async function uncheckedMailboxes(deps: MailboxHealthDeps, workspaceId: string): Promise<MailboxRow[]> {
  const rows = await deps.db
    .select()
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.workspaceId, workspaceId), eq(gmailAccounts.status, 'connected')))
    .orderBy(asc(gmailAccounts.createdAt));
  const checked = await Promise.all(rows.map((row) => findHealthReport(deps.db, workspaceId, row.id)));
  return rows.filter((_row, index) => !checked[index]);
}

/** The daily re-check: every connected mailbox of every user, one after another through the gate. */
export async function recheckAllMailboxes(
  deps: MailboxHealthDeps,
): Promise<{ checked: number; failed: number }> {
  const rows = await deps.db
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.status, 'connected'))
    .orderBy(asc(gmailAccounts.createdAt));
  let failed = 0;
  for (const mailbox of rows) {
    try {
      await checkMailbox(deps, mailbox, { patient: true });
    } catch {
      failed++;
    }
  }
  return { checked: rows.length, failed };
}
