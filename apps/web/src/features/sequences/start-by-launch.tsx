import type { LinkedEmailList, Sequence } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LaunchDialog } from './launch-dialog';
import { linkedListsKey } from './linked-list-queries';
import { failedToast, useLaunchSequence } from './sequence-queries';

/**
 * One way to start (decision 026): activating a sequence that was never launched and has linked lists
 * opens the launch review, whose confirmation launches it (and so runs it); any other Activate only
 * changes the status.
 */
export const startsByLaunch = (sequence: Pick<Sequence, 'launchedAt'>, linkedListCount: number) =>
  !sequence.launchedAt && linkedListCount > 0;

/**
 * Whether Activate on this sequence opens the launch review, reading its linked lists (from the cache
 * when the sequence page has them). Null when they cannot be read (the error is said in a toast).
 */
export function useStartsByLaunch() {
  const queryClient = useQueryClient();
  return async (sequence: Pick<Sequence, 'id' | 'launchedAt'>): Promise<boolean | null> => {
    if (sequence.launchedAt) return false;
    try {
      const lists = await queryClient.fetchQuery<LinkedEmailList[]>({
        queryKey: linkedListsKey(sequence.id),
      });
      return startsByLaunch(sequence, lists.length);
    } catch (error) {
      failedToast('Failed to fetch linked email lists')(error);
      return null;
    }
  };
}

/** The launch review of a sequence, opened from its card; confirming launches it. */
export function LaunchReviewDialog({ sequence, onClose }: { sequence: Sequence; onClose: () => void }) {
  const launch = useLaunchSequence(sequence.id);
  return (
    <LaunchDialog
      sequence={sequence}
      open
      onOpenChange={(open) => !open && onClose()}
      pending={launch.isPending}
      onLaunch={(input) => launch.mutate(input, { onSettled: onClose })}
    />
  );
}
