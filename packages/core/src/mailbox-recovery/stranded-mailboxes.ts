import type { MailboxTarget, SequenceStrandedMailboxes, StrandedMailboxState } from '@prospector/contracts';
import { emailSends, gmailAccounts, sequenceContacts, sequences } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import type { SequenceRow } from '../engine/engine-store';
import { sequenceMailboxes } from '../engine/sender-pinning';
import { isUuid } from '../mailboxes/account-store';
import { SEQUENCE_NOT_FOUND } from '../sequences/enroll-contacts';

export async function requireSequence(tx: Tx, workspaceId: string, sequenceId: string): Promise<SequenceRow> {
  const [row] = isUuid(sequenceId)
    ? await tx
        .select()
        .from(sequences)
        .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, sequenceId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  return row;
}

/**
 * The connected mailboxes a sequence's enrolments may move to: the connected ones it names, or, when it
 * sends from the default sender, every connected mailbox of the user, the default first.
 */
export async function moveTargets(tx: Tx, sequence: SequenceRow): Promise<MailboxTarget[]> {
  const named = (await sequenceMailboxes(tx, sequence)).filter((box) => box.connected);
  const connected = await tx
    .select({ accountId: gmailAccounts.id, email: gmailAccounts.email })
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.workspaceId, sequence.workspaceId), eq(gmailAccounts.status, 'connected')))
    .orderBy(gmailAccounts.createdAt);
  const namesNone = sequence.senderAccountIds.length === 0 && !sequence.senderAccountId;
  const first = new Set(named.map((box) => box.accountId));
  const ordered = [
    ...connected.filter((box) => first.has(box.accountId)),
    ...(namesNone ? connected.filter((box) => !first.has(box.accountId)) : []),
  ];
  return ordered;
}

interface StrandedRow {
  account_id: string | null;
  email: string | null;
  status: string | null;
  enrolments: number;
  threaded: number;
  waiting: number;
}

/**
 * GET /api/sequences/{id}/stranded-mailboxes: the sequence's active or paused enrolments, past their entry,
 * pinned to a mailbox that cannot send (removed, disconnected, expired, in error), grouped by mailbox with
 * their waiting emails; and the connected mailboxes they can move to.
 */
export async function listStrandedMailboxes(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<SequenceStrandedMailboxes> {
  const sequence = await requireSequence(deps.db, workspaceId, sequenceId);
  const rows = await queryRows<StrandedRow>(
    deps.db,
    sql`select ${sequenceContacts.senderAccountId} as account_id,
        coalesce(${gmailAccounts.email}, min(${sequenceContacts.sendAsEmail})) as email,
        ${gmailAccounts.status} as status,
        count(*)::int as enrolments,
        count(*) filter (where ${sequenceContacts.threadId} is not null)::int as threaded,
        coalesce(sum((select count(*) from ${emailSends} where ${emailSends.sequenceContactId} = ${sequenceContacts.id}
          and ${emailSends.state} = 'scheduled')), 0)::int as waiting
      from ${sequenceContacts}
      left join ${gmailAccounts} on ${gmailAccounts.id} = ${sequenceContacts.senderAccountId}
      where ${sequenceContacts.workspaceId} = ${workspaceId} and ${sequenceContacts.sequenceId} = ${sequence.id}
        and ${sequenceContacts.status} in ('active', 'paused') and ${sequenceContacts.currentStepId} is not null
        and (${gmailAccounts.id} is null or ${gmailAccounts.status} <> 'connected')
      group by ${sequenceContacts.senderAccountId}, ${gmailAccounts.email}, ${gmailAccounts.status}
      order by 1`,
  );
  return {
    stranded: rows.map((row) => ({
      accountId: row.account_id,
      email: row.email,
      state: (row.account_id === null ? 'removed' : row.status) as StrandedMailboxState,
      enrolments: Number(row.enrolments),
      threadedEnrolments: Number(row.threaded),
      waitingEmails: Number(row.waiting),
    })),
    targets: await moveTargets(deps.db, sequence),
  };
}
