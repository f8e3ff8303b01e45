import type { SequenceStatus } from '@prospector/contracts';
import { AppError } from '../app-error';

/*
 * Status transitions (docs/decisions/010-sequence-status-and-deletion.md). draft, and the stored values
 * scheduled and published, are "not started yet"; running and paused are the working states; completed
 * is final.
 */
const NOT_STARTED: readonly SequenceStatus[] = ['draft', 'scheduled', 'published'];

export const ONLY_RUNNING_CAN_PAUSE = 'Only a running sequence can be paused';
export const COMPLETED_IS_FINAL =
  'This sequence is completed and cannot change status. Clone it to run it again.';
export const STARTED_CANNOT_BE_DRAFT =
  'A sequence that has started cannot go back to draft. Pause it instead.';
export const NOT_STARTED_CANNOT_COMPLETE = 'Only a running or paused sequence can be completed';

/**
 * The status a sequence moves to when `target` is asked for, or an error saying why it cannot. Moving to
 * running also needs assertSequenceActivatable, which the caller runs. Asking for the current status is
 * allowed and changes nothing.
 */
export function nextSequenceStatus(current: SequenceStatus, target: SequenceStatus): SequenceStatus {
  if (current === target) return current;
  if (current === 'completed') throw new AppError('CONFLICT', COMPLETED_IS_FINAL);
  switch (target) {
    case 'running':
      return 'running';
    case 'paused':
      if (current !== 'running') throw new AppError('CONFLICT', ONLY_RUNNING_CAN_PAUSE);
      return 'paused';
    case 'completed':
      if (NOT_STARTED.includes(current)) throw new AppError('CONFLICT', NOT_STARTED_CANNOT_COMPLETE);
      return 'completed';
    case 'draft':
      if (!NOT_STARTED.includes(current)) throw new AppError('CONFLICT', STARTED_CANNOT_BE_DRAFT);
      return 'draft';
    default:
      throw new AppError('VALIDATION_ERROR', `A sequence cannot be set to ${target}`);
  }
}
