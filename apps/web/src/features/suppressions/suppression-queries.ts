import type { AddSuppressionInput, Suppression, SuppressionListResponse } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';

const SUPPRESSIONS = '/api/suppressions';
export const SUPPRESSIONS_PAGE_SIZE = 20;

export const useSuppressions = (page: number, search: string) =>
  useQuery<SuppressionListResponse>({
    queryKey: [
      `${SUPPRESSIONS}?page=${page}&limit=${SUPPRESSIONS_PAGE_SIZE}&search=${encodeURIComponent(search)}`,
    ],
  });

/** Adding or lifting an entry changes which contacts are suppressed: their pages are read again. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith(SUPPRESSIONS),
    });
    void queryClient.invalidateQueries({ queryKey: ['/api/contacts'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/personas'] });
  };
}

export function useAddSuppression(onAdded: () => void) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: { value: string; note: string }) =>
      apiJson<Suppression>('POST', SUPPRESSIONS, input satisfies Record<keyof AddSuppressionInput, string>),
    onSuccess: (entry) => {
      refresh();
      toast({ title: 'Suppressed', description: `${entry.value} will never be emailed.` });
      onAdded();
    },
  });
}

export function useLiftSuppression(onDone: () => void) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (entry: Suppression) => apiRequest('DELETE', `${SUPPRESSIONS}/${entry.id}`),
    onSuccess: (_answer, entry) => {
      refresh();
      toast({ title: 'Lifted', description: `${entry.value} can be emailed again.` });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to lift the suppression'),
        variant: 'destructive',
      }),
  });
}
