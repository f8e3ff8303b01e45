import type { EmailSendFilter, EmailSendRow, SequenceSummary } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';

export const ALL = 'all';

/** GET /api/email-sends?status&sequenceId; a failure shows the spec's toast once. */
export function useEmailSends(status: EmailSendFilter, sequenceId: string) {
  const params = new URLSearchParams();
  if (status !== ALL) params.set('status', status);
  if (sequenceId !== ALL) params.set('sequenceId', sequenceId);
  const query = useQuery({
    queryKey: ['/api/email-sends', status, sequenceId],
    queryFn: () => apiJson<EmailSendRow[]>('GET', `/api/email-sends${params.size ? `?${params}` : ''}`),
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
