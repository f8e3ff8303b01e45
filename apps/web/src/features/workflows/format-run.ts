import type { WorkflowRun } from '@prospector/contracts';
import { countOf } from '@/lib/plural';
import { zonedTimeCell } from '@/lib/zoned-time';

/** A date and time in the viewer's zone, e.g. "Tomorrow at 9:00 AM CET". */
export function formatDateTime(iso: string | null): string {
  return iso ? zonedTimeCell(iso) : '';
}

/** One line for a run's outcome, for the card and the history. */
export function runSummary(run: WorkflowRun): string {
  switch (run.status) {
    case 'pending':
      return 'Waiting to run';
    case 'running':
      return `Running: ${run.leadsProcessed} added so far`;
    case 'completed':
      return `Added ${countOf(run.leadsProcessed, 'new lead', 'new leads')}`;
    case 'failed':
      return `Failed: ${run.error ?? 'unknown error'}`;
  }
}
