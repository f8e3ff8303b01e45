import { PREVIEW_CONTACTS_LIMIT, type PreviewContact, type PreviewContacts } from '@prospector/contracts';
import { contacts, sequenceContacts } from '@prospector/db';
import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { dryRunEnrolment } from '../engine/dry-run-enrolment';
import type { Tx } from '../engine/engine-deps';
import { findSequence } from '../sequences/sequence-store';

const previewColumns = { id: contacts.id, email: contacts.email, name: contacts.name };

/**
 * GET /api/sequences/{id}/preview-contacts: whom "Preview as contact" steps through, and how many contacts
 * the sequence emails: its enrolled contacts, then those a launch would enrol now. The latter are counted
 * and listed by the launch's own enrolment, run and rolled back, so its skips (unsubscribed, bounced, in
 * another sequence, over the contact limit...) apply exactly; the first PREVIEW_CONTACTS_LIMIT are listed.
 */
export async function listPreviewContacts(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<PreviewContacts> {
  const sequence = await findSequence(deps.db, workspaceId, sequenceId);
  const ofSequence = eq(sequenceContacts.sequenceId, sequence.id);
  const enrolledRows = await deps.db
    .select(previewColumns)
    .from(sequenceContacts)
    .innerJoin(
      contacts,
      and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, sequenceContacts.contactId)),
    )
    .where(and(eq(sequenceContacts.workspaceId, workspaceId), ofSequence))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(PREVIEW_CONTACTS_LIMIT);
  const [enrolledCount] = await deps.db
    .select({ n: count() })
    .from(sequenceContacts)
    .where(and(eq(sequenceContacts.workspaceId, workspaceId), ofSequence));
  let toEnrol: (typeof enrolledRows)[number][] = [];
  const room = PREVIEW_CONTACTS_LIMIT - enrolledRows.length;
  // Every enrolled contact is listed when there is room: the other enrolments are the launch's new ones.
  const readNew = async (tx: Tx) => {
    if (room <= 0) return;
    const known = enrolledRows.map((row) => row.id);
    toEnrol = await tx
      .select(previewColumns)
      .from(sequenceContacts)
      .innerJoin(
        contacts,
        and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, sequenceContacts.contactId)),
      )
      .where(
        and(
          eq(sequenceContacts.workspaceId, workspaceId),
          ofSequence,
          known.length > 0 ? notInArray(contacts.id, known) : undefined,
        ),
      )
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(room);
  };
  const launch = await dryRunEnrolment(
    deps,
    {
      workspaceId,
      sequenceId: sequence.id,
      contactLimit: sequence.contactLimit,
      includeContactsInOtherSequences: sequence.includeContactsInOtherSequences,
    },
    readNew,
  );
  const enrolled = (row: (typeof enrolledRows)[number], isEnrolled: boolean): PreviewContact => ({
    ...row,
    enrolled: isEnrolled,
  });
  return {
    contacts: [
      ...enrolledRows.map((row) => enrolled(row, true)),
      ...toEnrol.map((row) => enrolled(row, false)),
    ],
    total: Number(enrolledCount?.n ?? 0) + launch.enrolled,
  };
}
