import { TRACKING_DOMAIN_MESSAGES, type TrackingDomain } from '@prospector/contracts';
import { trackingDomains } from '@prospector/db';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { isUuid } from '../mailboxes/account-store';
import { cnameTargetOf, type TrackingDomainDeps } from './tracking-domain-deps';
import { findDomainRow, type TrackingDomainRow, trackingDomainView } from './tracking-domain-store';

/** The job that checks every tracking domain's CNAME again, once a day. */
export const TRACKING_DOMAIN_RECHECK_JOB = 'tracking-domain-recheck';

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Null when the domain's CNAME points at the app's host; otherwise why not, in words. */
export async function cnameProblem(deps: TrackingDomainDeps, domain: string): Promise<string | null> {
  const target = cnameTargetOf(deps.appUrl);
  const answer = await deps.dns.resolveCname(domain);
  if (!answer.ok) return `No CNAME record for ${domain} could be read: ${answer.reason}`;
  const names = answer.records.map(bare);
  if (names.includes(target)) return null;
  if (names.length === 0) return `No CNAME record for ${domain}`;
  return `The CNAME of ${domain} points at ${names.join(', ')}, not ${target}`;
}

/** Asks DNS afresh and records the result: verified, or failed with the reason. */
export async function checkTrackingDomain(
  deps: TrackingDomainDeps,
  row: TrackingDomainRow,
): Promise<TrackingDomainRow> {
  deps.dns.forget(row.domain);
  const problem = await cnameProblem(deps, row.domain);
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(trackingDomains)
    .set({
      status: problem ? 'failed' : 'verified',
      lastError: problem,
      checkedAt: now,
      verifiedAt: problem ? row.verifiedAt : now,
      updatedAt: now,
    })
    .where(eq(trackingDomains.id, row.id))
    .returning();
  return updated ?? row;
}

/** "Check now": the user's domain checked through DNS at once. */
export async function verifyTrackingDomain(
  deps: TrackingDomainDeps,
  workspaceId: string,
  id: string,
): Promise<TrackingDomain> {
  const found = isUuid(id) ? await findDomainRow(deps.db, workspaceId, id) : undefined;
  if (!found) throw new AppError('NOT_FOUND', TRACKING_DOMAIN_MESSAGES.notFound);
  const checked = await checkTrackingDomain(deps, found.row);
  return trackingDomainView(checked, cnameTargetOf(deps.appUrl), found.mailboxEmail);
}

/** The daily re-check: every domain of every user; one whose record is gone falls back to the app's host. */
export async function recheckTrackingDomains(
  deps: TrackingDomainDeps,
): Promise<{ checked: number; verified: number; failed: number }> {
  const rows = await deps.db.select().from(trackingDomains).orderBy(asc(trackingDomains.checkedAt));
  let verified = 0;
  for (const row of rows) {
    if ((await checkTrackingDomain(deps, row)).status === 'verified') verified++;
  }
  return { checked: rows.length, verified, failed: rows.length - verified };
}
