import type { Sequence, SequenceCard, SequenceStatus } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { failedToast, refreshSequence, SEQUENCES_KEY, sequenceKey } from './sequence-queries';

export type StatusAction = 'activate' | 'pause';

/** Spec section 4: the UI shows draft, running and paused; Activate moves to running, Pause to paused. */
export const STATUS_AFTER: Record<StatusAction, SequenceStatus> = { activate: 'running', pause: 'paused' };

/** Which button a sequence offers: Pause while it runs, else Activate. */
export const statusActionFor = (status: SequenceStatus): StatusAction =>
  status === 'running' ? 'pause' : 'activate';

const MESSAGES: Record<StatusAction, { done: string; failed: string }> = {
  activate: { done: 'Sequence activated successfully', failed: 'Failed to activate sequence' },
  pause: { done: 'Sequence paused successfully', failed: 'Failed to pause sequence' },
};

interface Snapshot {
  cards?: SequenceCard[];
  sequence?: Sequence;
}

/**
 * Activate or pause, optimistically (spec section 4): the card and the detail show the new status at once,
 * go back to what they were on failure, and are refetched either way.
 */
export function useChangeSequenceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: StatusAction }) =>
      apiJson<Sequence>('POST', `/api/sequences/${id}/${action}`),
    onMutate: async ({ id, action }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: SEQUENCES_KEY, exact: true });
      await queryClient.cancelQueries({ queryKey: sequenceKey(id), exact: true });
      const snapshot: Snapshot = {
        cards: queryClient.getQueryData<SequenceCard[]>(SEQUENCES_KEY),
        sequence: queryClient.getQueryData<Sequence>(sequenceKey(id)),
      };
      const status = STATUS_AFTER[action];
      queryClient.setQueryData<SequenceCard[]>(SEQUENCES_KEY, (cards) =>
        cards?.map((card) => (card.id === id ? { ...card, status } : card)),
      );
      queryClient.setQueryData<Sequence>(sequenceKey(id), (sequence) =>
        sequence ? { ...sequence, status } : sequence,
      );
      return snapshot;
    },
    onSuccess: (_sequence, { action }) => toast({ title: MESSAGES[action].done }),
    onError: (error, { id, action }, snapshot) => {
      if (snapshot?.cards) queryClient.setQueryData(SEQUENCES_KEY, snapshot.cards);
      if (snapshot?.sequence) queryClient.setQueryData(sequenceKey(id), snapshot.sequence);
      failedToast(MESSAGES[action].failed)(error);
    },
    onSettled: (_data, _error, { id }) => refreshSequence(queryClient, id),
  });
}
