import type { WorkflowRun } from '@prospector/contracts';
import { DateTime } from 'luxon';

/** A date and time in the viewer's zone, e.g. "May 1, 2025, 9:00 AM". */
export function formatDateTime(iso: string | null): string {
  return iso ? DateTime.fromISO(iso).toLocaleString(DateTime.DATETIME_MED) : '';
}

/** One line for a run's outcome, for the card and the history. */
export function runSummary(run: WorkflowRun): string {
  switch (run.status) {
    case 'pending':
      return 'Waiting to run';
    case 'running':
      return `Running: ${run.leadsProcessed} added so far`;
    case 'completed':
      return `Added ${run.leadsProcessed} new ${run.leadsProcessed === 1 ? 'lead' : 'leads'}`;
    case 'failed':
      return `Failed: ${run.error ?? 'unknown error'}`;
  }
}
