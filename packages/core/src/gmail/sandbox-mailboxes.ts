import { gmailAccounts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

/** The addresses of the user's mailboxes connected through the sandbox: what their Sandbox Inbox shows. */
export async function listSandboxMailboxes(deps: CoreDeps, workspaceId: string): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ email: gmailAccounts.email })
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.workspaceId, workspaceId), eq(gmailAccounts.sandbox, true)));
  return rows.map((r) => r.email);
}
