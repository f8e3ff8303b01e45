import { DateTime } from 'luxon';

/** The schedule fields of a workflow (spec section 3). */
export interface WorkflowSchedule {
  startStrategy: 'immediately' | 'scheduled';
  startAt: Date | null;
  frequencyType: 'once' | 'days' | 'weeks' | 'months';
  frequencyInterval: number;
  isEndless: boolean;
  endAt: Date | null;
  /** IANA zone intervals are counted in. */
  timezone: string;
}

/** Guards the catch-up loops; a daily schedule would need 270 years of skipped runs to reach it. */
const MAX_STEPS = 100_000;

/** `at` plus the schedule's interval, in calendar units of its zone (Jan 31 + 1 month = Feb 28/29). */
export function addInterval(at: Date, schedule: WorkflowSchedule): Date {
  if (schedule.frequencyType === 'once') return at;
  const interval = Math.max(1, Math.trunc(schedule.frequencyInterval));
  return DateTime.fromJSDate(at, { zone: schedule.timezone })
    .plus({ [schedule.frequencyType]: interval })
    .toJSDate();
}

/** The end that stops a recurring schedule, if it has one. */
function endOf(schedule: WorkflowSchedule): Date | null {
  if (schedule.frequencyType === 'once' || schedule.isEndless) return null;
  return schedule.endAt;
}

/** The first occurrence after `from` (adding the interval) that satisfies `ahead`. */
function rollForward(from: Date, schedule: WorkflowSchedule, ahead: (at: Date) => boolean): Date {
  let at = addInterval(from, schedule);
  for (let step = 0; !ahead(at) && step < MAX_STEPS; step++) at = addInterval(at, schedule);
  return at;
}

function withinEnd(at: Date, schedule: WorkflowSchedule): Date | null {
  const end = endOf(schedule);
  return end && at > end ? null : at;
}

/**
 * When a workflow becomes active (created, activated, or edited while active): its next run, or null when
 * its schedule has nothing left (it is then completed).
 *
 * Never run: immediately is now, scheduled is startAt. Run before: a start still ahead wins; else a one-time
 * schedule has nothing left, and a recurring one takes the first occurrence after the last run that is not
 * in the past, so missed occurrences are skipped, never run in a burst.
 */
export function firstRunAt(schedule: WorkflowSchedule, now: Date, lastRunAt: Date | null): Date | null {
  const start = schedule.startStrategy === 'scheduled' ? schedule.startAt : null;
  if (!lastRunAt) return withinEnd(start ?? now, schedule);
  if (start && start > now) return withinEnd(start, schedule);
  if (schedule.frequencyType === 'once') return null;
  return withinEnd(
    rollForward(lastRunAt, schedule, (at) => at >= now),
    schedule,
  );
}

/**
 * After the run due at `dueAt` starts: the next one, or null when the workflow is then completed (once, or
 * past its end). The previous due time plus the interval, repeated until it is later than now.
 */
export function nextRunAfter(schedule: WorkflowSchedule, dueAt: Date, now: Date): Date | null {
  if (schedule.frequencyType === 'once') return null;
  return withinEnd(
    rollForward(dueAt, schedule, (at) => at > now),
    schedule,
  );
}
