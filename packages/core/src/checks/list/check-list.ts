import {
  LIST_CHECK_ADDRESSES_SHOWN,
  LIST_CHECK_REASON_TEXT,
  LIST_CHECK_REASONS,
  type ListCheckAddress,
  type ListCheckExcludeResult,
  type ListCheckReason,
  type ListCheckResult,
} from '@prospector/contracts';
import { contacts, launchSkips } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../contacts/sql-rows';
import type { CoreDeps } from '../../deps';
import { createMxLookup, type MailDomainStatus, type MxLookup } from '../../dns/mx-lookup';
import { createResolver } from '../../dns/resolver';
import { enrollableSql } from '../../personalisation/check-launch-variables';
import { findSequence } from '../../sequences/sequence-store';
import { addressFlags, domainOf } from './address-flags';

/** DNS lookups under way at once: fast on a large list, gentle on the resolver. */
const LOOKUP_CONCURRENCY = 32;

let systemLookup: MxLookup | undefined;
const mxLookupOf = (deps: CoreDeps) => {
  if (deps.checks?.mxLookup) return deps.checks.mxLookup;
  systemLookup ??= createMxLookup(createResolver({ servers: [], clock: deps.clock }), { clock: deps.clock });
  return systemLookup;
};

/** Each domain's status, looked up at most LOOKUP_CONCURRENCY at a time. */
async function domainStatuses(lookup: MxLookup, domains: string[]): Promise<Map<string, MailDomainStatus>> {
  const statuses = new Map<string, MailDomainStatus>();
  let next = 0;
  const worker = async () => {
    while (next < domains.length) {
      const domain = domains[next++] as string;
      statuses.set(domain, await lookup.status(domain));
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, domains.length) }, worker));
  return statuses;
}

const emptyAddresses = (): ListCheckResult['addresses'] => ({
  noMx: [],
  disposable: [],
  role: [],
  catchAll: [],
  unknown: [],
});

interface Classified {
  counts: Record<ListCheckReason | 'unknown' | 'ok', number>;
  byReason: Record<ListCheckReason | 'unknown', ListCheckAddress[]>;
  domains: number;
}

async function classify(deps: CoreDeps, candidates: ListCheckAddress[]): Promise<Classified> {
  const domains = [...new Set(candidates.map((c) => domainOf(c.email)))];
  const statuses = await domainStatuses(mxLookupOf(deps), domains);
  const counts = { noMx: 0, disposable: 0, role: 0, catchAll: 0, unknown: 0, ok: 0 };
  const byReason = emptyAddresses();
  for (const candidate of candidates) {
    const status = statuses.get(domainOf(candidate.email)) ?? 'unknown';
    const flags = addressFlags(candidate.email, status);
    for (const flag of flags) {
      counts[flag] += 1;
      byReason[flag].push(candidate);
    }
    if (status === 'unknown') {
      counts.unknown += 1;
      byReason.unknown.push(candidate);
    }
    if (flags.length === 0) counts.ok += 1;
  }
  return { counts, byReason, domains: domains.length };
}

/** The contacts a launch of the sequence would consider now (linked lists, emailable, not enrolled). */
function candidatesOf(deps: CoreDeps, userId: string, sequenceId: string) {
  return queryRows<ListCheckAddress>(
    deps.db,
    sql`select ${contacts.id} as "contactId", ${contacts.email} as email from ${contacts}
      where ${enrollableSql({ userId, sequenceId, source: { linkedLists: true } })}
      order by ${contacts.email}`,
  );
}

const reasonOfText = (text: string) =>
  LIST_CHECK_REASONS.find((reason) => LIST_CHECK_REASON_TEXT[reason] === text) ?? null;

async function exclusionsOf(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
): Promise<ListCheckResult['excluded']> {
  const rows = await queryRows<{ reason: string; contactId: string; email: string }>(
    deps.db,
    sql`select ${launchSkips.reason} as reason, ${contacts.id} as "contactId", ${contacts.email} as email
      from ${launchSkips} join ${contacts} on ${contacts.id} = ${launchSkips.contactId}
      where ${launchSkips.userId} = ${userId} and ${contacts.userId} = ${userId}
        and ${launchSkips.sequenceId} = ${sequenceId} and ${launchSkips.kind} = 'list-check'
      order by ${contacts.email}`,
  );
  const excluded = new Map<ListCheckReason, ListCheckResult['excluded'][number]>();
  for (const row of rows) {
    const reason = reasonOfText(row.reason);
    if (!reason) continue;
    const entry = excluded.get(reason) ?? { reason, contacts: 0, addresses: [] };
    entry.contacts += 1;
    if (entry.addresses.length < LIST_CHECK_ADDRESSES_SHOWN) {
      entry.addresses.push({ contactId: row.contactId, email: row.email });
    }
    excluded.set(reason, entry);
  }
  return LIST_CHECK_REASONS.flatMap((reason) => excluded.get(reason) ?? []);
}

/**
 * POST /api/sequences/{id}/list-check: the addresses a launch would email, checked for a domain without
 * mail (MX, else A/AAAA), a disposable domain (mailchecker) and a role local part
 * (role-based-email-addresses). Catch-all domains are never guessed by probing (decision 036). A domain
 * whose DNS does not answer is "could not check", never "no MX".
 */
export async function checkSequenceList(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
): Promise<ListCheckResult> {
  const sequence = await findSequence(deps.db, userId, sequenceId);
  const started = performance.now();
  const candidates = await candidatesOf(deps, userId, sequence.id);
  const { counts, byReason, domains } = await classify(deps, candidates);
  const addresses = emptyAddresses();
  for (const [reason, list] of Object.entries(byReason) as [keyof typeof byReason, ListCheckAddress[]][]) {
    addresses[reason] = list.slice(0, LIST_CHECK_ADDRESSES_SHOWN);
  }
  return {
    total: candidates.length,
    ...counts,
    addresses,
    excluded: await exclusionsOf(deps, userId, sequence.id),
    domains,
    tookMs: Math.round(performance.now() - started),
  };
}

/**
 * POST /api/sequences/{id}/list-check/exclude: leaves every address the list check flags for `reason` out
 * of the sequence (launch skips of kind list-check), visibly, until put back.
 */
export async function excludeListCheckReason(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
  reason: ListCheckReason,
): Promise<ListCheckExcludeResult> {
  const sequence = await findSequence(deps.db, userId, sequenceId);
  const candidates = await candidatesOf(deps, userId, sequence.id);
  const { byReason } = await classify(deps, candidates);
  const ids = byReason[reason].map((address) => address.contactId);
  if (ids.length === 0) return { reason, contacts: 0 };
  const now = deps.clock.now();
  const rows = ids.map((contactId) => ({
    userId,
    sequenceId: sequence.id,
    contactId,
    reason: LIST_CHECK_REASON_TEXT[reason],
    kind: 'list-check' as const,
    createdAt: now,
  }));
  await deps.db.transaction(async (tx) => {
    // A contact skipped for a missing value and now excluded by the check keeps one row: the exclusion.
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(launchSkips)
        .values(rows.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [launchSkips.sequenceId, launchSkips.contactId],
          set: { reason: sql`excluded.reason`, kind: sql`excluded.kind`, createdAt: now },
        });
    }
  });
  return { reason, contacts: ids.length };
}

/** DELETE /api/sequences/{id}/list-check/exclude: puts the contacts excluded for `reason` back. */
export async function includeListCheckReason(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
  reason: ListCheckReason,
): Promise<ListCheckExcludeResult> {
  const sequence = await findSequence(deps.db, userId, sequenceId);
  const removed = await deps.db
    .delete(launchSkips)
    .where(
      and(
        eq(launchSkips.sequenceId, sequence.id),
        eq(launchSkips.userId, userId),
        eq(launchSkips.kind, 'list-check'),
        eq(launchSkips.reason, LIST_CHECK_REASON_TEXT[reason]),
      ),
    )
    .returning({ contactId: launchSkips.contactId });
  return { reason, contacts: removed.length };
}
