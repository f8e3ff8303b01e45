import type { Member } from '@prospector/contracts';
import type { AppDb } from '@prospector/db';
import { memberRows, toMember } from './member-rows';
import { requireMembership } from './require-membership';

/** The workspace's members, for any member of it. */
export async function listMembers(
  deps: { db: AppDb },
  userId: string,
  workspaceId: string,
): Promise<Member[]> {
  await requireMembership(deps.db, workspaceId, userId, 'viewer');
  const rows = await memberRows(deps.db, workspaceId);
  return rows.map((row) => toMember(row, userId));
}
