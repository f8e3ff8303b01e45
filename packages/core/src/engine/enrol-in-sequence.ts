import { BLACKLIST_TAG, type EnrolmentResult, type EnrolmentSkipped } from '@prospector/contracts';
import {
  type AppDb,
  contacts,
  launchSkips,
  personaContacts,
  sequenceContacts,
  sequencePersonas,
  sequences,
} from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import MailChecker from 'mailchecker';
import { blacklistInTx, INVALID_ADDRESS_REASON } from '../contact-state/blacklist';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from './engine-deps';
import { contactOnSuppressionList } from './send-conditions';

interface Candidate {
  id: string;
  email: string;
  unsubscribed: boolean;
  suppressed: boolean;
  /** The suppression list covers the address (decision 046). */
  listed: boolean;
  hard_bounced: boolean;
  blacklisted: boolean;
  enrolled: boolean;
  /** Another of the user's sequences this contact is active in (enrolled, not finished), if any. */
  other_sequence_id: string | null;
}

export type EnrolmentSource = { contactIds: string[] } | { linkedLists: true };

const emptySkipped = (): EnrolmentSkipped => ({
  alreadyEnrolled: 0,
  unsubscribed: 0,
  suppressed: 0,
  bounced: 0,
  blacklisted: 0,
  overLimit: 0,
  inOtherSequence: 0,
});

/** An address the engine will never send to: bad syntax, or a disposable or known-fake domain. */
export const isUndeliverableAddress = (email: string) => !MailChecker.isValid(email.trim());

type SkipReason = Exclude<keyof EnrolmentSkipped, 'overLimit'>;

function skipReason(candidate: Candidate, excludeOthers: boolean): SkipReason | 'invalid' | null {
  if (candidate.enrolled) return 'alreadyEnrolled';
  if (candidate.unsubscribed) return 'unsubscribed';
  if (candidate.suppressed) return 'suppressed';
  if (candidate.hard_bounced) return 'bounced';
  if (candidate.blacklisted) return 'blacklisted';
  // Covered by the list although its own columns do not say so (an address edited, say).
  if (candidate.listed) return 'suppressed';
  if (isUndeliverableAddress(candidate.email)) return 'invalid';
  if (excludeOthers && candidate.other_sequence_id) return 'inOtherSequence';
  return null;
}

export function candidateFilter(workspaceId: string, sequenceId: string, source: EnrolmentSource): SQL {
  if ('contactIds' in source) {
    return sql`${contacts.id} = any(${sql.param(source.contactIds)}::uuid[])`;
  }
  return sql`${contacts.id} in (
    select ${personaContacts.contactId} from ${personaContacts}
    where ${personaContacts.workspaceId} = ${workspaceId} and ${personaContacts.personaId} in (
      select ${sequencePersonas.personaId} from ${sequencePersonas} where ${sequencePersonas.sequenceId} = ${sequenceId}
      union select ${sequences.personaId} from ${sequences}
      where ${sequences.id} = ${sequenceId} and ${sequences.personaId} is not null))`;
}

/** The contact was excluded from this sequence after its list check (until put back). */
export const excludedByListCheck = (sequenceId: string): SQL => sql`exists(select 1 from ${launchSkips}
  where ${launchSkips.sequenceId} = ${sequenceId} and ${launchSkips.contactId} = ${contacts.id}
    and ${launchSkips.kind} = 'list-check')`;

/** An enrolment's outcome with, per other sequence, how many contacts were left out for being active there. */
export interface EnrolInSequenceResult extends EnrolmentResult {
  otherSequences: { id: string; contacts: number }[];
}

/**
 * Enrolls the user's contacts (given ids, or every member of the sequence's linked lists) in the sequence,
 * in the caller's transaction, which must hold the sequence row locked. Skips, by reason: already
 * enrolled, unsubscribed, suppressed (or on the suppression list), hard bounced, blacklisted (invalid or fake addresses are tagged
 * blacklist now), active in another of the user's sequences (unless `includeContactsInOtherSequences`;
 * decision 026), and beyond contactLimit. Contacts excluded by the list check are not candidates. Ids that
 * are not the user's contacts are ignored. New enrolments are active with next_run_at = now: the tick
 * enters them once the sequence runs.
 */
export async function enrolInSequence(
  tx: Tx,
  input: {
    workspaceId: string;
    sequenceId: string;
    contactLimit: number | null;
    source: EnrolmentSource;
    now: Date;
    /** Only the contacts this condition holds for (the launch's variable check); all when absent. */
    only?: SQL | null;
    /** Enrol contacts that are active in another of the user's sequences too (default: leave them out). */
    includeContactsInOtherSequences?: boolean;
  },
): Promise<EnrolInSequenceResult> {
  const { workspaceId, sequenceId, now } = input;
  const candidates = await queryRows<Candidate>(
    tx,
    sql`select ${contacts.id} as id, ${contacts.email} as email, ${contacts.unsubscribed} as unsubscribed,
        ${contacts.suppressed} as suppressed, ${contactOnSuppressionList()} as listed,
        ${contacts.hardBounced} as hard_bounced,
        ${BLACKLIST_TAG} = any(${contacts.tags}) as blacklisted,
        exists(select 1 from ${sequenceContacts} where ${sequenceContacts.sequenceId} = ${sequenceId}
          and ${sequenceContacts.contactId} = ${contacts.id}) as enrolled,
        (select other.sequence_id from ${sequenceContacts} other
          join ${sequences} other_sequence on other_sequence.id = other.sequence_id
          where other.contact_id = ${contacts.id} and other.sequence_id <> ${sequenceId}
            and other.status in ('active', 'paused') and other_sequence.status <> 'completed'
          order by other.enrolled_at limit 1) as other_sequence_id
      from ${contacts}
      where ${contacts.workspaceId} = ${workspaceId} and ${candidateFilter(workspaceId, sequenceId, input.source)}
        and ${input.only ?? sql`true`} and not ${excludedByListCheck(sequenceId)}
      order by ${contacts.createdAt}, ${contacts.id}`,
  );
  const skipped = emptySkipped();
  const eligible: string[] = [];
  const invalid: string[] = [];
  const others = new Map<string, number>();
  const excludeOthers = !input.includeContactsInOtherSequences;
  for (const candidate of candidates) {
    const reason = skipReason(candidate, excludeOthers);
    if (reason === null) eligible.push(candidate.id);
    else if (reason === 'invalid') {
      invalid.push(candidate.id);
      skipped.blacklisted += 1;
    } else skipped[reason] += 1;
    if (reason === 'inOtherSequence' && candidate.other_sequence_id) {
      others.set(candidate.other_sequence_id, (others.get(candidate.other_sequence_id) ?? 0) + 1);
    }
  }
  for (const contactId of invalid) {
    await blacklistInTx(tx, { workspaceId, contactId, at: now, reason: INVALID_ADDRESS_REASON });
  }
  let admitted = eligible;
  if (input.contactLimit !== null) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${sequenceContacts} where ${sequenceContacts.sequenceId} = ${sequenceId}`,
    );
    const room = Math.max(0, input.contactLimit - Number(row?.n ?? 0));
    admitted = eligible.slice(0, room);
    skipped.overLimit = eligible.length - admitted.length;
  }
  const enrolled =
    admitted.length > 0 ? await insertEnrolments(tx, workspaceId, sequenceId, admitted, now) : 0;
  if (enrolled > 0) {
    await tx.execute(
      sql`update ${sequences} set total_contacts = ${sequences.totalContacts} + ${enrolled},
        updated_at = ${now.toISOString()}::timestamptz where ${sequences.id} = ${sequenceId}`,
    );
  }
  // A concurrent enrolment of the same contact (outside this sequence lock) would be a conflict.
  skipped.alreadyEnrolled += admitted.length - enrolled;
  const otherSequences = [...others].map(([id, count]) => ({ id, contacts: count }));
  return { enrolled, skipped, otherSequences };
}

async function insertEnrolments(tx: Tx, workspaceId: string, sequenceId: string, ids: string[], now: Date) {
  const at = now.toISOString();
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with inserted as (
        insert into ${sequenceContacts}
          (workspace_id, sequence_id, contact_id, status, next_run_at, enrolled_at, created_at, updated_at)
        select ${workspaceId}, ${sequenceId}, id, 'active', ${at}::timestamptz, ${at}::timestamptz,
          ${at}::timestamptz, ${at}::timestamptz
        from unnest(${sql.param(ids)}::uuid[]) as id
        on conflict do nothing
        returning 1)
      select count(*)::int as n from inserted`,
  );
  return Number(row?.n ?? 0);
}

/** Enrolments added at once from which the planner's statistics of the enrolments are refreshed. */
export const BULK_ENROLMENT = 10_000;

/**
 * After an enrolment of many contacts commits, refreshes the planner's statistics of sequence_contacts, as
 * PostgreSQL advises after a bulk load. Until autovacuum analyzes the table (a minute or more later), the
 * statistics of before have each tick batch read every new enrolment to find the hundred due first: at
 * 50,000 enrolments a tenth of the launch. An ANALYZE samples the table (30,000 rows), whatever its size.
 */
export async function refreshEnrolmentStatistics(db: AppDb, enrolled: number) {
  if (enrolled >= BULK_ENROLMENT) await db.execute(sql`analyze ${sequenceContacts}`);
}
