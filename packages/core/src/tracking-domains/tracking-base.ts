import { type AppDb, trackingDomains } from '@prospector/db';
import { and, eq, isNull, or } from 'drizzle-orm';

/**
 * Where the links of an email from this mailbox point: the mailbox's verified tracking domain, else the
 * user's verified default, else the app's own URL. Same scheme as the app (the operator's proxy serves TLS).
 */
export async function trackingBaseFor(
  db: AppDb,
  appUrl: string,
  workspaceId: string,
  mailboxId: string | null,
): Promise<string> {
  const rows = await db
    .select({ domain: trackingDomains.domain, mailboxId: trackingDomains.mailboxId })
    .from(trackingDomains)
    .where(
      and(
        eq(trackingDomains.workspaceId, workspaceId),
        eq(trackingDomains.status, 'verified'),
        mailboxId
          ? or(eq(trackingDomains.mailboxId, mailboxId), isNull(trackingDomains.mailboxId))
          : isNull(trackingDomains.mailboxId),
      ),
    );
  const chosen = rows.find((row) => row.mailboxId !== null) ?? rows[0];
  if (!chosen) return appUrl;
  return `${new URL(appUrl).protocol}//${chosen.domain}`;
}

/** True when the host name is a verified tracking domain: the only foreign Host the tracking paths answer. */
export async function isVerifiedTrackingHost(db: AppDb, host: string): Promise<boolean> {
  const [found] = await db
    .select({ id: trackingDomains.id })
    .from(trackingDomains)
    .where(and(eq(trackingDomains.domain, host), eq(trackingDomains.status, 'verified')));
  return found !== undefined;
}
