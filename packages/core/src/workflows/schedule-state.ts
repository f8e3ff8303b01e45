import { WORKFLOW_END_AFTER_START, type WorkflowStatus } from '@prospector/contracts';
import { AppError } from '../app-error';
import { firstRunAt, type WorkflowSchedule } from './next-run';

/** A workflow's stored status and next run after it is saved or its status changes. */
export interface ScheduleState {
  status: WorkflowStatus;
  nextRunAt: Date | null;
}

/**
 * Active workflows get their next run (decision 014); one whose schedule has nothing left is completed.
 * Draft and paused workflows have no next run.
 */
export function scheduleState(
  schedule: WorkflowSchedule,
  status: WorkflowStatus,
  lastRunAt: Date | null,
  now: Date,
): ScheduleState {
  if (status !== 'active') return { status, nextRunAt: null };
  const nextRunAt = firstRunAt(schedule, now, lastRunAt);
  return nextRunAt ? { status, nextRunAt } : { status: 'completed', nextRunAt: null };
}

/** A recurring schedule that ends must end after it starts (now, for one that starts immediately). */
export function assertEndAhead(schedule: WorkflowSchedule, now: Date): void {
  if (schedule.frequencyType === 'once' || schedule.isEndless || !schedule.endAt) return;
  const start = schedule.startStrategy === 'scheduled' && schedule.startAt ? schedule.startAt : now;
  if (schedule.endAt <= start || schedule.endAt <= now) {
    throw new AppError('VALIDATION_ERROR', WORKFLOW_END_AFTER_START);
  }
}

/** The schedule columns as saved: an endless or one-time schedule keeps no end date. */
export function scheduleColumns(values: WorkflowSchedule): WorkflowSchedule {
  const ends = values.frequencyType !== 'once' && !values.isEndless;
  return {
    ...values,
    startAt: values.startStrategy === 'scheduled' ? values.startAt : null,
    endAt: ends ? values.endAt : null,
  };
}
