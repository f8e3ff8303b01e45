import type { JobStatusResponse, Lead, LeadFiltersInput, Persona } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { refreshContactData } from '../email-lists/email-list-queries';
import { outcomeToast } from './import-outcome';
import {
  ADD_ALL_IMPORT_MAX_POLLS,
  type PollOutcome,
  pollJob,
  SELECTED_IMPORT_MAX_POLLS,
} from './job-polling';
import { importSummary, leadsWithUsableEmail } from './lead-display';
import { addAllLeadsToList, addLeadsToList, fetchJobStatus, type ImportStart } from './leads-queries';

export type ImportRequest =
  | { mode: 'selected'; list: Persona; leads: Lead[] }
  | { mode: 'all'; list: Persona; filters: LeadFiltersInput };

/** An import on screen: its list, the last status polled, and how it ended. */
export interface ImportRun {
  mode: ImportRequest['mode'];
  list: Persona;
  job: JobStatusResponse | null;
  outcome: PollOutcome | null;
  jobId: string;
}

const START_FAILED = { selected: 'Failed to add leads', all: 'Failed to add all leads' } as const;

/** Starts an import of selected leads or of all results, polls its job and toasts how it ended. */
export function useLeadImport() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun | null>(null);
  const stopPolling = useRef<() => void>(() => {});
  useEffect(() => () => stopPolling.current(), []);

  const follow = useCallback(
    (request: Pick<ImportRequest, 'mode' | 'list'>, jobId: string, job: JobStatusResponse | null = null) => {
      setRun({ mode: request.mode, list: request.list, job, outcome: null, jobId });
      stopPolling.current = pollJob({
        fetchStatus: () => fetchJobStatus(jobId),
        maxPolls: request.mode === 'selected' ? SELECTED_IMPORT_MAX_POLLS : ADD_ALL_IMPORT_MAX_POLLS,
        onStatus: (job) => setRun((current) => current && { ...current, job }),
        onPollError: (error) => console.warn('Import status check failed', error),
        onDone: (outcome) => {
          setRun((current) => current && { ...current, outcome });
          toast(outcomeToast(outcome, request.list.name));
          refreshContactData(queryClient);
          // Emails the import revealed show on the results once they are searched again.
          void queryClient.invalidateQueries({ queryKey: ['/api/apollo/leads-search'] });
        },
      });
    },
    [queryClient],
  );

  const start = useMutation({
    mutationFn: (request: ImportRequest): Promise<ImportStart> =>
      request.mode === 'selected'
        ? addLeadsToList(request.list.id, request.leads)
        : addAllLeadsToList({ ...request.filters, personaId: request.list.id }),
    onSuccess: (started, request) => {
      if (started.jobId) return follow(request, started.jobId);
      if (typeof started.added === 'number') {
        const skipped = started.skipped ?? 0;
        refreshContactData(queryClient);
        return toast({
          title: 'Import complete',
          description: importSummary({
            added: started.added,
            revealed: 0,
            skipped,
            skippedDuplicates: skipped,
            skippedNoEmail: 0,
            processed: started.added + skipped,
            total: started.added + skipped,
          }),
        });
      }
      toast({
        title: 'Error',
        description: 'Failed to start import job. Please try again.',
        variant: 'destructive',
      });
    },
    onError: (error, request) =>
      toast({
        title: 'Error',
        description: serverMessage(error, START_FAILED[request.mode]),
        variant: 'destructive',
      }),
  });

  /** Sends the import (selected leads without any email are left out); `onStarted` runs once it is accepted. */
  const importLeads = (request: ImportRequest, onStarted?: () => void) => {
    stopPolling.current();
    const sent =
      request.mode === 'selected' ? { ...request, leads: leadsWithUsableEmail(request.leads) } : request;
    start.mutate(sent, { onSuccess: () => onStarted?.() });
  };

  /** After polling gave up on a job still running (or unreachable): follow it again, with a fresh poll budget. */
  const checkAgain = () => {
    if (run && (run.outcome?.kind === 'gave-up' || run.outcome?.kind === 'unreachable')) {
      follow(run, run.jobId, run.job);
    }
  };

  const running = start.isPending || (run !== null && run.outcome === null);
  return { run, running, importLeads, checkAgain, dismiss: () => setRun(null) };
}
