import type { Template } from '@prospector/contracts';
import { type AppDb, templates } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Pick<
  TemplateRow,
  'name' | 'subject' | 'templateType' | 'htmlBody' | 'plainTextBody' | 'builderJson'
>;

export const TEMPLATE_NOT_FOUND = 'Template not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    templateType: row.templateType,
    htmlBody: row.htmlBody,
    plainTextBody: row.plainTextBody,
    builderJson: (row.builderJson as Record<string, unknown> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One of the user's templates; a malformed id, another user's or a missing template is NOT_FOUND. */
export async function requireTemplate(db: AppDb, workspaceId: string, id: string): Promise<TemplateRow> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return row;
}

export async function insertTemplate(
  db: AppDb,
  workspaceId: string,
  values: TemplateValues & Pick<TemplateRow, 'createdBy'>,
  now: Date,
): Promise<TemplateRow> {
  const [row] = await db
    .insert(templates)
    .values({ ...values, workspaceId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert into templates returned no row');
  return row;
}

export async function updateTemplateRow(
  db: AppDb,
  workspaceId: string,
  id: string,
  values: TemplateValues,
  now: Date,
): Promise<TemplateRow> {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: now })
    .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return row;
}

/** Deletes one of the user's templates; false when there was none. */
/** The deleted template's id and name; undefined when there was none. */
export async function deleteTemplateRow(db: AppDb, workspaceId: string, id: string) {
  if (!UUID.test(id)) return undefined;
  const [deleted] = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)))
    .returning({ id: templates.id, name: templates.name });
  return deleted;
}
