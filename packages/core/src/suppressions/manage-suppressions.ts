import {
  type AddSuppressionInput,
  SUPPRESSION_MESSAGES,
  type Suppression,
  type SuppressionListQuery,
  type SuppressionListResponse,
} from '@prospector/contracts';
import { suppressions } from '@prospector/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { setSuppressedWhereInTx } from '../contact-state/suppress';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import { isUuid } from '../mailboxes/account-store';
import { onSuppressionList } from './suppression-sql';
import { toSuppression } from './suppression-store';

/** The user's own doors to the list: the web app, or the public API with one of the user's keys. */
export type SuppressionDoor = 'user' | 'api';

/** The user's list, newest first, optionally only the entries whose address or domain holds `search`. */
export async function listSuppressions(
  deps: CoreDeps,
  workspaceId: string,
  query: SuppressionListQuery,
): Promise<SuppressionListResponse> {
  const matching = query.search ? sql`strpos(${suppressions.value}, lower(${query.search})) > 0` : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.workspaceId, workspaceId), matching))
      .orderBy(desc(suppressions.createdAt), desc(suppressions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db
      .select({ n: count() })
      .from(suppressions)
      .where(and(eq(suppressions.workspaceId, workspaceId), matching)),
  ]);
  return {
    suppressions: rows.map(toSuppression),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * The user adds an address or a whole domain by hand. The contacts it covers are suppressed now, their
 * open enrolments stopped and scheduled sends cancelled, as the contact dialog's Suppressed box does.
 */
export async function addSuppression(
  deps: CoreDeps,
  workspaceId: string,
  input: AddSuppressionInput,
  door: SuppressionDoor,
): Promise<Suppression> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(suppressions)
      .values({
        workspaceId,
        kind: input.value.kind,
        value: input.value.value,
        reason: 'manual',
        source: door,
        detail: input.note,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', SUPPRESSION_MESSAGES.exists);
    await setSuppressedWhereInTx(tx, { workspaceId, at }, coveredBy(row), true);
    return toSuppression(row);
  });
}

/**
 * Lifts an entry the user added: its contacts that no other entry covers are no longer suppressed (their
 * stopped enrolments stay stopped). What the contact did (an unsubscribe, a complaint, a hard bounce)
 * cannot be lifted: 409 with the reason. Another user's entry is not found.
 */
export async function liftSuppression(deps: CoreDeps, workspaceId: string, id: string): Promise<void> {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockEntry(tx, workspaceId, id);
    if (row.reason !== 'manual') {
      throw new AppError('CONFLICT', `${SUPPRESSION_MESSAGES.notYours} (${toSuppression(row).label})`);
    }
    await tx
      .delete(suppressions)
      .where(and(eq(suppressions.id, row.id), eq(suppressions.workspaceId, workspaceId)));
    const uncovered = sql`${coveredBy(row)} and not ${onSuppressionList(sql`c.workspace_id`, 'c.email')}`;
    await setSuppressedWhereInTx(tx, { workspaceId, at }, uncovered, false);
  });
}

async function lockEntry(tx: Tx, workspaceId: string, id: string) {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(suppressions)
        .where(and(eq(suppressions.id, id), eq(suppressions.workspaceId, workspaceId)))
        .for('update')
    : [];
  if (!row) throw new AppError('NOT_FOUND', SUPPRESSION_MESSAGES.notFound);
  return row;
}

/** The contacts `c` an entry covers: its address (through the lower(email) key), or any at its domain. */
const coveredBy = (entry: { kind: 'address' | 'domain'; value: string }) =>
  entry.kind === 'address'
    ? sql`lower(c.email) = ${entry.value}`
    : sql`substring(lower(c.email) from '@([^@]*)$') = ${entry.value}`;
