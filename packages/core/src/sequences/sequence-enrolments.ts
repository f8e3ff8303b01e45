import type { V1Page } from '@prospector/contracts';
import { type AppDb, contacts, type EnrolmentStatus, sequenceContacts, sequenceSteps } from '@prospector/db';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';
import { findSequence } from './sequence-store';

export const ENROLMENT_NOT_FOUND = 'This contact is not enrolled in this sequence';

/** A contact's enrolment in a sequence, as the public API shows it: where it is and why. */
export interface SequenceEnrolment {
  id: string;
  sequenceId: string;
  contactId: string;
  contactEmail: string;
  status: EnrolmentStatus;
  /** The step it is at (the last it reached once it has ended); null before its first step. */
  currentStep: { id: string; name: string; order: number } | null;
  /** When the engine next looks at it (sends or judges a reaction); null once it has ended. */
  nextRunAt: string | null;
  enrolledAt: string;
  completedAt: string | null;
  /** Why it stopped or failed, in words. */
  reason: string | null;
  updatedAt: string;
}

export interface EnrolmentsQuery {
  cursor?: string;
  limit: number;
  status?: EnrolmentStatus;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function selectEnrolments(db: AppDb, workspaceId: string, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      id: sequenceContacts.id,
      sequenceId: sequenceContacts.sequenceId,
      contactId: sequenceContacts.contactId,
      contactEmail: contacts.email,
      status: sequenceContacts.status,
      stepId: sequenceSteps.id,
      stepName: sequenceSteps.name,
      stepOrder: sequenceSteps.order,
      nextRunAt: sequenceContacts.nextRunAt,
      enrolledAt: sequenceContacts.enrolledAt,
      completedAt: sequenceContacts.completedAt,
      reason: sequenceContacts.lastError,
      updatedAt: sequenceContacts.updatedAt,
    })
    .from(sequenceContacts)
    .innerJoin(
      contacts,
      and(eq(contacts.id, sequenceContacts.contactId), eq(contacts.workspaceId, workspaceId)),
    )
    .leftJoin(sequenceSteps, eq(sequenceSteps.id, sequenceContacts.currentStepId))
    .where(and(eq(sequenceContacts.workspaceId, workspaceId), where))
    .orderBy(desc(sequenceContacts.enrolledAt), desc(sequenceContacts.id))
    .limit(limit);
  return rows;
}

type EnrolmentRow = Awaited<ReturnType<typeof selectEnrolments>>[number];

function toEnrolment(row: EnrolmentRow): SequenceEnrolment {
  const { stepId, stepName, stepOrder, ...rest } = row;
  return {
    ...rest,
    currentStep:
      stepId && stepName !== null && stepOrder !== null
        ? { id: stepId, name: stepName, order: stepOrder }
        : null,
    nextRunAt: iso(row.nextRunAt),
    enrolledAt: row.enrolledAt.toISOString(),
    completedAt: iso(row.completedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/v1/sequences/{id}/enrolments: the sequence's enrolments, the most recent first (by enrolment time,
 * then id), a page at a time after a cursor, optionally of one status.
 */
export async function listSequenceEnrolments(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  query: EnrolmentsQuery,
): Promise<V1Page<SequenceEnrolment>> {
  await findSequence(deps.db, workspaceId, sequenceId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await selectEnrolments(
    deps.db,
    workspaceId,
    and(
      eq(sequenceContacts.sequenceId, sequenceId),
      query.status ? eq(sequenceContacts.status, query.status) : undefined,
      after
        ? sql`(${sequenceContacts.enrolledAt}, ${sequenceContacts.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
        : undefined,
    ),
    query.limit + 1,
  );
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.enrolledAt, id: row.id }));
  return { data: page.rows.map(toEnrolment), nextCursor: page.nextCursor };
}

/** One contact's enrolment in one of the user's sequences, or a 404. */
export async function findSequenceEnrolment(
  db: AppDb,
  workspaceId: string,
  sequenceId: string,
  contactId: string,
): Promise<SequenceEnrolment> {
  const [row] = await selectEnrolments(
    db,
    workspaceId,
    and(eq(sequenceContacts.sequenceId, sequenceId), eq(sequenceContacts.contactId, contactId)),
    1,
  );
  if (!row) throw new AppError('NOT_FOUND', ENROLMENT_NOT_FOUND);
  return toEnrolment(row);
}
