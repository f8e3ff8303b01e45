import type { LaunchProblem, SenderHealthCheck } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import type { SequenceRow } from '../engine/engine-store';
import { sequenceMailboxes } from '../engine/sender-pinning';
import { listHealthReports } from './health-store';

export const SENDER_HEALTH_CODE = 'SENDER_HEALTH';

const STATUS_WORDS = { at_risk: 'is at risk', failing: 'is failing' } as const;

/**
 * The launch review's warning for each mailbox the sequence sends from whose latest sender-health check is
 * at risk or failing, with the checks that did not pass. It does not block the launch: the user sees it and
 * launches anyway, or fixes the records first.
 */
export async function senderHealthWarnings(tx: Tx, sequence: SequenceRow): Promise<LaunchProblem[]> {
  const ids = (await sequenceMailboxes(tx, sequence)).map((box) => box.accountId);
  if (ids.length === 0) return [];
  const reports = await listHealthReports(tx, sequence.workspaceId, ids);
  const mailboxes = await tx
    .select({ id: gmailAccounts.id, email: gmailAccounts.email })
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.workspaceId, sequence.workspaceId), inArray(gmailAccounts.id, ids)));
  const problems: LaunchProblem[] = [];
  for (const mailbox of mailboxes) {
    const report = reports.get(mailbox.id);
    if (!report || (report.status !== 'at_risk' && report.status !== 'failing')) continue;
    const reasons = (report.checks as SenderHealthCheck[])
      .filter((check) => check.result === 'fail' || check.result === 'warn')
      .map((check) => `${check.name.toUpperCase()}: ${check.reason}`);
    problems.push({
      code: SENDER_HEALTH_CODE,
      message: `Sender health of ${mailbox.email} ${STATUS_WORDS[report.status]}. ${reasons.join(' ')} You can launch anyway; fix the records under Mailboxes, Sender health, so fewer emails go to spam.`,
      blocking: false,
    });
  }
  return problems;
}
