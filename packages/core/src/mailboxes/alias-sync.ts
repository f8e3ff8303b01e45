import { type AppDb, gmailAliases } from '@prospector/db';
import { and, eq, notInArray, sql } from 'drizzle-orm';

/** A send-as address as the provider lists it (Gmail's settings/sendAs shape; others give their own address). */
export interface SendAsAddress {
  sendAsEmail: string;
  displayName?: string;
  signature?: string;
  isPrimary?: boolean;
  isDefault?: boolean;
  verificationStatus?: string;
}

/** Makes the mailbox's stored aliases exactly its provider's send-as list (upsert each, drop the rest). */
export async function syncAliases(
  db: AppDb,
  workspaceId: string,
  accountId: string,
  sendAs: SendAsAddress[],
  now: Date,
): Promise<void> {
  const rows = dedupe(sendAs).map((s) => ({
    workspaceId,
    accountId,
    sendAsEmail: s.sendAsEmail.toLowerCase(),
    displayName: s.displayName || null,
    signature: s.signature || null,
    isDefaultAlias: s.isDefault ?? false,
    isPrimary: s.isPrimary ?? false,
    verificationStatus: s.verificationStatus ?? (s.isPrimary ? 'accepted' : 'pending'),
    updatedAt: now,
  }));
  await db.transaction(async (tx) => {
    const keep = rows.map((r) => r.sendAsEmail);
    await tx
      .delete(gmailAliases)
      .where(
        and(
          eq(gmailAliases.workspaceId, workspaceId),
          eq(gmailAliases.accountId, accountId),
          keep.length ? notInArray(gmailAliases.sendAsEmail, keep) : undefined,
        ),
      );
    if (!rows.length) return;
    await tx
      .insert(gmailAliases)
      .values(rows)
      .onConflictDoUpdate({
        target: [gmailAliases.accountId, gmailAliases.sendAsEmail],
        set: {
          displayName: sql`excluded.display_name`,
          signature: sql`excluded.signature`,
          isDefaultAlias: sql`excluded.is_default_alias`,
          isPrimary: sql`excluded.is_primary`,
          verificationStatus: sql`excluded.verification_status`,
          updatedAt: now,
        },
      });
  });
}

function dedupe(sendAs: SendAsAddress[]): SendAsAddress[] {
  const seen = new Map<string, SendAsAddress>();
  for (const s of sendAs) if (s.sendAsEmail) seen.set(s.sendAsEmail.toLowerCase(), s);
  return [...seen.values()];
}
