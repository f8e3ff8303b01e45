import { type AppDb, apiKeys } from '@prospector/db';
import { eq } from 'drizzle-orm';

/** "Also revoke API keys" on a password change or reset: every key the person created, in any workspace, stops working at once. */
export async function revokeAllApiKeys(db: AppDb, userId: string): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.createdBy, userId));
}
