import type { CreateStepInput, SequenceStep, UpdateStepInput } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest } from '@/lib/api';
import { failedToast, refreshSequence } from './sequence-queries';

export const stepsKey = (sequenceId: string) => ['/api/sequences', sequenceId, 'steps'] as const;

/** GET /api/sequences/{id}/steps, ordered by `order`. */
export function useSteps(sequenceId: string) {
  return useQuery<SequenceStep[]>({ queryKey: stepsKey(sequenceId) });
}

function useRefreshSteps(sequenceId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: stepsKey(sequenceId) });
    // The cards count steps (and Activate is disabled without any).
    refreshSequence(queryClient);
  };
}

export function useCreateStep(sequenceId: string) {
  const refresh = useRefreshSteps(sequenceId);
  return useMutation({
    mutationFn: (input: CreateStepInput) =>
      apiJson<SequenceStep>('POST', `/api/sequences/${sequenceId}/steps`, input),
    onSuccess: () => {
      refresh();
      toast({ title: 'Step created successfully' });
    },
    onError: failedToast('Failed to create step'),
  });
}

/** PATCH /api/steps/{id}; `quiet` leaves the success toast to the caller (a pointer set after a create). */
export function useUpdateStep(sequenceId: string) {
  const refresh = useRefreshSteps(sequenceId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateStepInput; quiet?: boolean }) =>
      apiJson<SequenceStep>('PATCH', `/api/steps/${id}`, input),
    onSuccess: (_step, { quiet }) => {
      refresh();
      if (!quiet) toast({ title: 'Step updated successfully' });
    },
    onError: failedToast('Failed to update step'),
  });
}

export function useDeleteStep(sequenceId: string, onDeleted: () => void) {
  const refresh = useRefreshSteps(sequenceId);
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/steps/${id}`),
    onSuccess: () => {
      refresh();
      toast({ title: 'Step deleted successfully' });
      onDeleted();
    },
    onError: failedToast('Failed to delete step'),
  });
}
