import type { Sequence } from '@prospector/contracts';
import { LaunchDialog } from './launch-dialog';
import { useLaunchSequence } from './sequence-queries';

/**
 * One way to start (decision 026): activating a sequence that was never launched opens the launch review,
 * which refuses with its reasons (no list, no contact, a step never reached) and whose confirmation
 * launches it; Activate on a launched sequence resumes it (refused by the server when nothing is left to
 * send).
 */
export const startsByLaunch = (sequence: Pick<Sequence, 'launchedAt'>) => !sequence.launchedAt;

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
