import type {
  CreateSequenceInput,
  LaunchSequenceInput,
  LaunchSequenceResult,
  Sequence,
  SequenceCard,
  UpdateSequenceInput,
  WithCreator,
} from '@prospector/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';
import { refreshLaunchSkips } from '../launch-skips/launch-skip-queries';
import { enrolmentSummary } from './enrolment-summary';

export const SEQUENCES_KEY = ['/api/sequences'] as const;
export const sequenceKey = (id: string) => ['/api/sequences', id] as const;

export function useSequenceCards() {
  return useQuery<SequenceCard[]>({ queryKey: SEQUENCES_KEY });
}

export function useSequence(id: string) {
  return useQuery<WithCreator<Sequence>>({ queryKey: sequenceKey(id) });
}

/** Spec section 8: failures are toasts titled Error with the server's message or the spec's fallback. */
export const failedToast = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

/** The cards and the sequence itself, after any change to a sequence. */
export function refreshSequence(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: SEQUENCES_KEY, exact: true });
  if (id) void queryClient.invalidateQueries({ queryKey: sequenceKey(id), exact: true });
}

export function useCreateSequence(onCreated: (sequence: Sequence) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSequenceInput) => apiJson<Sequence>('POST', '/api/sequences', input),
    onSuccess: (sequence) => {
      queryClient.setQueryData(sequenceKey(sequence.id), sequence);
      refreshSequence(queryClient);
      toast({ title: 'Sequence created successfully' });
      onCreated(sequence);
    },
    onError: failedToast('Failed to create sequence'),
  });
}

export function useUpdateSequence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSequenceInput) => apiJson<Sequence>('PATCH', `/api/sequences/${id}`, input),
    onSuccess: (sequence) => {
      queryClient.setQueryData(sequenceKey(id), sequence);
      refreshSequence(queryClient);
      toast({ title: 'Sequence updated successfully' });
    },
    onError: failedToast('Failed to update sequence'),
  });
}

export function useDeleteSequence(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/sequences/${id}`),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: sequenceKey(id) });
      refreshSequence(queryClient);
      toast({ title: 'Sequence deleted successfully' });
      onDeleted();
    },
    onError: failedToast('Failed to delete sequence'),
  });
}

export function useCloneSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Sequence>('POST', `/api/sequences/${id}/clone`),
    onSuccess: (clone) => {
      queryClient.setQueryData(sequenceKey(clone.id), clone);
      refreshSequence(queryClient);
      toast({ title: `Sequence cloned as "${clone.name}"` });
    },
    onError: failedToast('Failed to clone sequence'),
  });
}

/** POST /api/sequences/{id}/launch: enrolls the linked lists' contacts and schedules the first emails. */
export function useLaunchSequence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LaunchSequenceInput = {}) =>
      apiJson<LaunchSequenceResult>('POST', `/api/sequences/${id}/launch`, input),
    onSuccess: (result) => {
      refreshSequence(queryClient, id);
      refreshLaunchSkips(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: [...sequenceKey(id), 'analytics'] });
      const summary = enrolmentSummary(result);
      if (result.enrolled === 0) {
        toast({
          title: 'No new contacts to enrol',
          description: summary.skipped ?? 'The linked email lists have no contacts to add.',
        });
        return;
      }
      toast({
        title: 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.',
        description: [summary.enrolled, summary.skipped].filter(Boolean).join('. '),
      });
    },
    onError: failedToast('Failed to launch sequence'),
  });
}
