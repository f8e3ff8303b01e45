import type { PollOutcome } from './job-polling';
import { importSummary } from './lead-display';

export interface OutcomeToast {
  title: string;
  description: string;
  variant?: 'destructive';
}

/** The toast for how an import ended (spec section 8 "Leads"). */
export function outcomeToast(outcome: PollOutcome, listName: string): OutcomeToast {
  switch (outcome.kind) {
    case 'completed':
      return {
        title: 'Import complete',
        description: `${importSummary(outcome.job.progress)} List: ${listName}.`,
      };
    case 'failed':
      return {
        title: 'Import failed',
        description: outcome.job.error ?? 'The import stopped before it finished.',
        variant: 'destructive',
      };
    case 'unreachable':
      return {
        title: 'Unable to check import status',
        description: 'The import may still be processing. Check the email list in a few minutes.',
        variant: 'destructive',
      };
    case 'gave-up':
      return outcome.stillRunning
        ? {
            title: 'Import taking longer than expected',
            description: 'It is still running; the contacts appear in the email list as they are added.',
          }
        : {
            title: 'Import status unavailable',
            description: 'The import may still be processing. Check the email list in a few minutes.',
          };
  }
}
