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
import { AppError } from '../../app-error';
import { queryRows } from '../../contacts/sql-rows';
import type { CoreDeps } from '../../deps';
import { createMxLookup, type MailDomainStatus, type MxLookup } from '../../dns/mx-lookup';
import { createResolver } from '../../dns/resolver';
import { resolveSender } from '../../mail/resolve-sender';
import { enrollableSql } from '../../personalisation/check-launch-variables';
import { findSequence } from '../../sequences/sequence-store';
import { addressFlags, domainOf } from './address-flags';

/** Domains one check looks up at once (the lookup itself caps the whole process). */
const LOOKUP_CONCURRENCY = 16;
/** Distinct domains one check looks up; the addresses of any further domain are "could not check". */
export const LIST_CHECK_MAX_DOMAINS = 2_000;
/** A domain that takes mail whatever the resolver: one that denies it is not to be believed. */
const WELL_KNOWN_MAIL_DOMAIN = 'gmail.com';

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

/** The domain of the mailbox the sequence sends from (else the default one), when there is one. */
async function senderDomainOf(deps: CoreDeps, workspaceId: string, senderAccountId: string | null) {
  try {
    return domainOf((await resolveSender(deps, workspaceId, senderAccountId)).from.address) || null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NO_SENDER') return null;
    throw error;
  }
}

/**
 * Why the resolver's answers cannot be believed, or null when they can: it denies, or does not answer for,
 * a domain that must take mail (the sending mailbox's own, a well-known one). A resolver without the
 * internet, or one that blocks lookups, answers "no such domain" for every name.
 */
async function distrustOf(lookup: MxLookup, mustExist: string[]): Promise<string | null> {
  for (const domain of new Set(mustExist)) {
    const status = await lookup.status(domain);
    if (status === 'accepts-mail') continue;
    const said = status === 'no-mx' ? `says ${domain} takes no mail` : `did not answer for ${domain}`;
    return `Could not check mail servers: the DNS resolver ${said}, which cannot be right, so its answers are not trusted.`;
  }
  return null;
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
  unknownReason: string | null;
}

async function classify(
  deps: CoreDeps,
  sequence: { workspaceId: string; senderAccountId: string | null },
  candidates: ListCheckAddress[],
): Promise<Classified> {
  const domains = [...new Set(candidates.map((c) => domainOf(c.email)))];
  const lookup = mxLookupOf(deps);
  const senderDomain = await senderDomainOf(deps, sequence.workspaceId, sequence.senderAccountId);
  const mustExist = [...(senderDomain ? [senderDomain] : []), WELL_KNOWN_MAIL_DOMAIN];
  const distrust = domains.length > 0 ? await distrustOf(lookup, mustExist) : null;
  const looked = distrust ? [] : domains.slice(0, LIST_CHECK_MAX_DOMAINS);
  const statuses = await domainStatuses(lookup, looked);
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
    if (flags.length === 0 && status !== 'unknown') counts.ok += 1;
  }
  const overLimit =
    domains.length > looked.length && !distrust
      ? `Only the first ${LIST_CHECK_MAX_DOMAINS.toLocaleString('en-US')} of ${domains.length.toLocaleString('en-US')} domains were checked for a mail server.`
      : null;
  return { counts, byReason, domains: looked.length, unknownReason: distrust ?? overLimit };
}

/** The contacts a launch of the sequence would consider now (linked lists, emailable, not enrolled). */
function candidatesOf(deps: CoreDeps, workspaceId: string, sequenceId: string) {
  return queryRows<ListCheckAddress>(
    deps.db,
    sql`select ${contacts.id} as "contactId", ${contacts.email} as email from ${contacts}
      where ${enrollableSql({ workspaceId, sequenceId, source: { linkedLists: true } })}
      order by ${contacts.email}`,
  );
}

const reasonOfText = (text: string) =>
  LIST_CHECK_REASONS.find((reason) => LIST_CHECK_REASON_TEXT[reason] === text) ?? null;

async function exclusionsOf(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<ListCheckResult['excluded']> {
  const rows = await queryRows<{ reason: string; contactId: string; email: string }>(
    deps.db,
    sql`select ${launchSkips.reason} as reason, ${contacts.id} as "contactId", ${contacts.email} as email
      from ${launchSkips} join ${contacts} on ${contacts.id} = ${launchSkips.contactId}
      where ${launchSkips.workspaceId} = ${workspaceId} and ${contacts.workspaceId} = ${workspaceId}
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
 * whose DNS does not answer is "could not check", never "no MX"; so is every domain when the resolver
 * denies a domain that must take mail (`unknownReason` says so).
 */
export async function checkSequenceList(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<ListCheckResult> {
  const sequence = await findSequence(deps.db, workspaceId, sequenceId);
  const started = performance.now();
  const candidates = await candidatesOf(deps, workspaceId, sequence.id);
  const { counts, byReason, domains, unknownReason } = await classify(deps, sequence, candidates);
  const addresses = emptyAddresses();
  for (const [reason, list] of Object.entries(byReason) as [keyof typeof byReason, ListCheckAddress[]][]) {
    addresses[reason] = list.slice(0, LIST_CHECK_ADDRESSES_SHOWN);
  }
  return {
    total: candidates.length,
    ...counts,
    addresses,
    excluded: await exclusionsOf(deps, workspaceId, sequence.id),
    domains,
    unknownReason,
    tookMs: Math.round(performance.now() - started),
  };
}

/**
 * POST /api/sequences/{id}/list-check/exclude: leaves every address the list check flags for `reason` out
 * of the sequence (launch skips of kind list-check), visibly, until put back.
 */
export async function excludeListCheckReason(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  reason: ListCheckReason,
): Promise<ListCheckExcludeResult> {
  const sequence = await findSequence(deps.db, workspaceId, sequenceId);
  const candidates = await candidatesOf(deps, workspaceId, sequence.id);
  const { byReason } = await classify(deps, sequence, candidates);
  const ids = byReason[reason].map((address) => address.contactId);
  if (ids.length === 0) return { reason, contacts: 0 };
  const now = deps.clock.now();
  const rows = ids.map((contactId) => ({
    workspaceId,
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
  workspaceId: string,
  sequenceId: string,
  reason: ListCheckReason,
): Promise<ListCheckExcludeResult> {
  const sequence = await findSequence(deps.db, workspaceId, sequenceId);
  const removed = await deps.db
    .delete(launchSkips)
    .where(
      and(
        eq(launchSkips.sequenceId, sequence.id),
        eq(launchSkips.workspaceId, workspaceId),
        eq(launchSkips.kind, 'list-check'),
        eq(launchSkips.reason, LIST_CHECK_REASON_TEXT[reason]),
      ),
    )
    .returning({ contactId: launchSkips.contactId });
  return { reason, contacts: removed.length };
}
