import type { InboxLabel } from '@prospector/contracts';
import { type AppDb, contacts, inboxLabels } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { uniqueViolation } from '../contacts/contact-store';
import type { CoreDeps } from '../deps';
import { LABEL_NOT_FOUND } from './set-lead-status';

export const LABEL_NAME_TAKEN = 'A label with this name already exists';

const toLabel = (row: typeof inboxLabels.$inferSelect): InboxLabel => ({
  id: row.id,
  name: row.name,
  color: row.color,
});

export async function listLabels(db: AppDb, workspaceId: string): Promise<InboxLabel[]> {
  const rows = await db
    .select()
    .from(inboxLabels)
    .where(eq(inboxLabels.workspaceId, workspaceId))
    .orderBy(asc(inboxLabels.name));
  return rows.map(toLabel);
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('CONFLICT', LABEL_NAME_TAKEN);
    throw error;
  }
}

export async function createLabel(
  deps: CoreDeps,
  workspaceId: string,
  input: { name: string; color: string },
): Promise<InboxLabel> {
  const at = deps.clock.now();
  const [row] = await saving(() =>
    deps.db
      .insert(inboxLabels)
      .values({
        workspaceId,
        name: input.name,
        color: input.color.toLowerCase(),
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
  );
  return toLabel(row!);
}

export async function updateLabel(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: { name?: string; color?: string },
): Promise<InboxLabel> {
  const [row] = await saving(() =>
    deps.db
      .update(inboxLabels)
      .set({
        ...input,
        ...(input.color && { color: input.color.toLowerCase() }),
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(inboxLabels.workspaceId, workspaceId), eq(inboxLabels.id, id)))
      .returning(),
  );
  if (!row) throw new AppError('NOT_FOUND', LABEL_NOT_FOUND);
  return toLabel(row);
}

/** Deletes a label; contacts that had it lose their status. */
export async function deleteLabel(deps: CoreDeps, workspaceId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(inboxLabels)
      .where(and(eq(inboxLabels.workspaceId, workspaceId), eq(inboxLabels.id, id)))
      .returning({ id: inboxLabels.id });
    if (!deleted.length) throw new AppError('NOT_FOUND', LABEL_NOT_FOUND);
    await tx
      .update(contacts)
      .set({ leadStatus: null, leadStatusSource: null, leadStatusReason: null, updatedAt: deps.clock.now() })
      .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.leadStatus, `label:${id}`)));
  });
}
