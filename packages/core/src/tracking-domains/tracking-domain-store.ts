import type { TrackingDomain } from '@prospector/contracts';
import { type AppDb, gmailAccounts, trackingDomains } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';

export type TrackingDomainRow = typeof trackingDomains.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function trackingDomainView(
  row: TrackingDomainRow,
  cnameTarget: string,
  mailboxEmail: string | null,
): TrackingDomain {
  return {
    id: row.id,
    domain: row.domain,
    mailboxId: row.mailboxId,
    mailboxEmail,
    cnameTarget,
    status: row.status,
    checkedAt: iso(row.checkedAt),
    verifiedAt: iso(row.verifiedAt),
    lastError: row.lastError,
    inUse: row.status === 'verified',
  };
}

/** The user's domains with their mailbox's address, oldest first. */
export function listDomainRows(db: AppDb, workspaceId: string) {
  return db
    .select({ row: trackingDomains, mailboxEmail: gmailAccounts.email })
    .from(trackingDomains)
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, trackingDomains.mailboxId))
    .where(eq(trackingDomains.workspaceId, workspaceId))
    .orderBy(asc(trackingDomains.createdAt), asc(trackingDomains.id));
}

/** One of the user's domains with its mailbox's address; undefined for another user's or an unknown id. */
export async function findDomainRow(db: AppDb, workspaceId: string, id: string) {
  const [found] = await db
    .select({ row: trackingDomains, mailboxEmail: gmailAccounts.email })
    .from(trackingDomains)
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, trackingDomains.mailboxId))
    .where(and(eq(trackingDomains.id, id), eq(trackingDomains.workspaceId, workspaceId)));
  return found;
}
