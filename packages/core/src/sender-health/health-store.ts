import { type AppDb, senderHealthReports } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';

/** The stored latest check of a mailbox; queries scoped by the owner. */
export type HealthReportRow = typeof senderHealthReports.$inferSelect;

export async function findHealthReport(
  db: AppDb,
  workspaceId: string,
  accountId: string,
): Promise<HealthReportRow | undefined> {
  const [row] = await db
    .select()
    .from(senderHealthReports)
    .where(
      and(eq(senderHealthReports.workspaceId, workspaceId), eq(senderHealthReports.accountId, accountId)),
    )
    .limit(1);
  return row;
}

export async function listHealthReports(
  db: AppDb,
  workspaceId: string,
  accountIds: string[],
): Promise<Map<string, HealthReportRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(senderHealthReports)
    .where(
      and(
        eq(senderHealthReports.workspaceId, workspaceId),
        inArray(senderHealthReports.accountId, accountIds),
      ),
    );
  return new Map(rows.map((row) => [row.accountId, row]));
}

export type HealthReportValues = Omit<HealthReportRow, 'id' | 'createdAt'>;

export async function saveHealthReport(db: AppDb, values: HealthReportValues): Promise<HealthReportRow> {
  const { workspaceId: _owner, accountId: _account, ...changes } = values;
  const [row] = await db
    .insert(senderHealthReports)
    .values(values)
    .onConflictDoUpdate({ target: senderHealthReports.accountId, set: changes })
    .returning();
  return row!;
}
