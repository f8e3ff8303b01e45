import { type SequenceStep, unreachableSteps } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson } from '@/lib/api';
import { failedToast } from './sequence-queries';
import { stepsKey } from './step-queries';

/** POST /api/sequences/{id}/connect-in-order: outcomes that end the sequence lead to the next step. */
export function useConnectInOrder(sequenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SequenceStep[]>('POST', `/api/sequences/${sequenceId}/connect-in-order`),
    onSuccess: (steps) => {
      queryClient.setQueryData(stepsKey(sequenceId), steps);
      toast({ title: 'Steps connected in order' });
    },
    onError: failedToast('Failed to connect the steps'),
  });
}

/**
 * A warning above the steps naming every step no outcome leads to (they would never send), with
 * "Connect in order": each step's not-opened and opened-without-reply outcomes lead to the next step.
 */
export function UnreachableStepsBanner({
  sequenceId,
  steps,
  trackOpens,
}: {
  sequenceId: string;
  steps: SequenceStep[];
  trackOpens: boolean;
}) {
  const canChange = useCan('member');
  const connect = useConnectInOrder(sequenceId);
  const unreached = unreachableSteps(steps, { trackOpens });
  if (unreached.length === 0) return null;
  const names = unreached.map((step) => `"${step.name}"`).join(', ');
  return (
    <div
      role="alert"
      data-testid="unreachable-steps-banner"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">
          {unreached.length === 1
            ? 'This step is never reached'
            : `${unreached.length} steps are never reached`}
          : {names}
        </p>
        <p>
          Every outcome before {unreached.length === 1 ? 'it ends' : 'them ends'} the sequence, so{' '}
          {unreached.length === 1 ? 'it would never send' : 'they would never send'}. The sequence cannot be
          launched until they are connected or removed.
        </p>
      </div>
      {canChange && (
        <Button size="sm" variant="outline" disabled={connect.isPending} onClick={() => connect.mutate()}>
          {connect.isPending ? <Spinner /> : <LinkIcon />}
          Connect in order
        </Button>
      )}
    </div>
  );
}
