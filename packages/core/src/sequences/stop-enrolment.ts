import type { CoreDeps } from '../deps';
import { stopEnrolmentsOfContacts } from '../engine/stop-enrolments';
import { findSequenceEnrolment, type SequenceEnrolment } from './sequence-enrolments';
import { findSequence } from './sequence-store';

export const STOPPED_BY_USER = 'Stopped by you';

/**
 * DELETE /api/v1/sequences/{id}/enrolments/{contactId}: ends the contact's enrolment in this sequence
 * (stopped) and cancels its scheduled emails, through the one path that stops enrolments
 * (stopEnrolmentsOfContacts). An enrolment that has already ended is answered as it is.
 */
export async function stopEnrolment(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  contactId: string,
): Promise<SequenceEnrolment> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await findSequence(tx, workspaceId, sequenceId, { forUpdate: true });
    await findSequenceEnrolment(tx, workspaceId, sequenceId, contactId);
    await stopEnrolmentsOfContacts(tx, {
      workspaceId,
      sequenceId,
      contactIds: [contactId],
      status: 'stopped',
      reason: STOPPED_BY_USER,
      at,
    });
    return findSequenceEnrolment(tx, workspaceId, sequenceId, contactId);
  });
}
