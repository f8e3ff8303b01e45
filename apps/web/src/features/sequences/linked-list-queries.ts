import type { AddEmailListResult, EnrolmentResult, LinkedEmailList } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest } from '@/lib/api';
import { PERSONAS_KEY } from '../email-lists/email-list-queries';
import { failedToast, refreshSequence } from './sequence-queries';

export const linkedListsKey = (sequenceId: string) => ['/api/sequences', sequenceId, 'email-lists'] as const;

export function useLinkedEmailLists(sequenceId: string) {
  return useQuery<LinkedEmailList[]>({ queryKey: linkedListsKey(sequenceId) });
}

function useRefreshLinks(sequenceId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: linkedListsKey(sequenceId) });
    // Each list shows how many sequences use it.
    void queryClient.invalidateQueries({ queryKey: PERSONAS_KEY });
  };
}

export function useAddEmailList(sequenceId: string) {
  const refresh = useRefreshLinks(sequenceId);
  return useMutation({
    mutationFn: (personaId: string) =>
      apiJson<AddEmailListResult>('POST', `/api/sequences/${sequenceId}/add-email-list`, { personaId }),
    onSuccess: (result) => {
      refresh();
      toast({ title: result.message });
    },
    onError: failedToast('Failed to add email list to sequence'),
  });
}

export function useRemoveEmailList(sequenceId: string) {
  const refresh = useRefreshLinks(sequenceId);
  return useMutation({
    mutationFn: (personaId: string) =>
      apiRequest('DELETE', `/api/sequences/${sequenceId}/email-lists/${personaId}`),
    onSuccess: () => {
      refresh();
      toast({ title: 'Email list removed from sequence' });
    },
    onError: failedToast('Failed to remove email list'),
  });
}

/** POST /api/sequences/{id}/contacts; the caller shows the enrolled and skipped counts. */
export function useEnrollInSequence(sequenceId: string, onEnrolled: (result: EnrolmentResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactIds: string[]) =>
      apiJson<EnrolmentResult>('POST', `/api/sequences/${sequenceId}/contacts`, { contactIds }),
    onSuccess: (result) => {
      refreshSequence(queryClient, sequenceId);
      void queryClient.invalidateQueries({ queryKey: ['/api/sequences', sequenceId, 'analytics'] });
      onEnrolled(result);
    },
    onError: failedToast('Failed to add contacts to sequence'),
  });
}
