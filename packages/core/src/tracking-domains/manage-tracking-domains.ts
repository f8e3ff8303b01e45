import {
  type CreateTrackingDomainInput,
  TRACKING_DOMAIN_MESSAGES,
  type TrackingDomain,
  type TrackingDomainList,
} from '@prospector/contracts';
import { trackingDomains } from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error';
import { findAccount, isUuid } from '../mailboxes/account-store';
import { cnameTargetOf, type TrackingDomainDeps } from './tracking-domain-deps';
import { findDomainRow, listDomainRows, trackingDomainView } from './tracking-domain-store';

type Deps = Pick<TrackingDomainDeps, 'db' | 'clock' | 'appUrl'>;

export async function listTrackingDomains(deps: Deps, workspaceId: string): Promise<TrackingDomainList> {
  const cnameTarget = cnameTargetOf(deps.appUrl);
  const rows = await listDomainRows(deps.db, workspaceId);
  return {
    cnameTarget,
    domains: rows.map(({ row, mailboxEmail }) => trackingDomainView(row, cnameTarget, mailboxEmail)),
  };
}

/**
 * Adds a domain, pending until its CNAME is checked. A domain is held by one user only, whatever its state
 * (decision 035); a mailbox has one domain, and a user one default for all mailboxes.
 */
export async function addTrackingDomain(
  deps: Deps,
  workspaceId: string,
  input: CreateTrackingDomainInput,
): Promise<TrackingDomain> {
  const cnameTarget = cnameTargetOf(deps.appUrl);
  if (input.domain === cnameTarget) throw new AppError('VALIDATION_ERROR', TRACKING_DOMAIN_MESSAGES.appHost);
  const mailboxId = input.mailboxId ?? null;
  let mailboxEmail: string | null = null;
  if (mailboxId) {
    const mailbox = isUuid(mailboxId) ? await findAccount(deps.db, workspaceId, mailboxId) : undefined;
    if (!mailbox) throw new AppError('NOT_FOUND', TRACKING_DOMAIN_MESSAGES.mailboxNotFound);
    mailboxEmail = mailbox.email;
  }
  const [taken] = await deps.db
    .select({ workspaceId: trackingDomains.workspaceId })
    .from(trackingDomains)
    .where(eq(trackingDomains.domain, input.domain));
  if (taken) throw new AppError('CONFLICT', TRACKING_DOMAIN_MESSAGES.taken);
  const [sameScope] = await deps.db
    .select({ id: trackingDomains.id })
    .from(trackingDomains)
    .where(
      and(
        eq(trackingDomains.workspaceId, workspaceId),
        mailboxId ? eq(trackingDomains.mailboxId, mailboxId) : isNull(trackingDomains.mailboxId),
      ),
    );
  if (sameScope) {
    throw new AppError(
      'CONFLICT',
      mailboxId ? TRACKING_DOMAIN_MESSAGES.mailboxTaken : TRACKING_DOMAIN_MESSAGES.userTaken,
    );
  }
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(trackingDomains)
    .values({ workspaceId, mailboxId, domain: input.domain, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  // Another request took the domain (or the scope) between the checks and the insert.
  if (!row) throw new AppError('CONFLICT', TRACKING_DOMAIN_MESSAGES.taken);
  return trackingDomainView(row, cnameTarget, mailboxEmail);
}

export async function removeTrackingDomain(deps: Deps, workspaceId: string, id: string): Promise<void> {
  const found = isUuid(id) ? await findDomainRow(deps.db, workspaceId, id) : undefined;
  if (!found) throw new AppError('NOT_FOUND', TRACKING_DOMAIN_MESSAGES.notFound);
  await deps.db
    .delete(trackingDomains)
    .where(and(eq(trackingDomains.id, id), eq(trackingDomains.workspaceId, workspaceId)));
}
