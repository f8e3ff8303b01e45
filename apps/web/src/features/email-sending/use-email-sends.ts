import type { EmailSendRow, QueueStatus, SequenceSummary } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { type EmailSendView, emailSendsParams } from './email-send-view';
import { emailsQueued, QUEUED_REFRESH_MS } from './queue-refresh';

export const ALL = 'all';

/**
 * GET /api/email-sends?status|state&sequenceId, read again every few seconds while emails are queued; a
 * failure shows the spec's toast once.
 */
export function useEmailSends(view: EmailSendView, sequenceId: string) {
  const params = emailSendsParams(view, sequenceId === ALL ? null : sequenceId);
  const queued = emailsQueued(useQueueStatus().data);
  const query = useQuery({
    queryKey: ['/api/email-sends', view, sequenceId],
    queryFn: () => apiJson<EmailSendRow[]>('GET', `/api/email-sends${params.size ? `?${params}` : ''}`),
    refetchInterval: queued ? QUEUED_REFRESH_MS : false,
  });
  useEffect(() => {
    if (query.isError) {
      toast({ title: 'Error', description: 'Failed to fetch email sends', variant: 'destructive' });
    }
  }, [query.isError]);
  return query;
}

/** The Sequence filter's options (GET /api/sequences). */
export function useSequenceOptions() {
  return useQuery<SequenceSummary[]>({ queryKey: ['/api/sequences'] });
}

/** How many emails wait to go out, are held or failed (GET /api/queue/status), kept fresh while any is queued. */
export function useQueueStatus() {
  return useQuery<QueueStatus>({
    queryKey: ['/api/queue/status'],
    refetchInterval: (query) => (emailsQueued(query.state.data) ? QUEUED_REFRESH_MS : false),
  });
}
