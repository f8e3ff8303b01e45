import { type Mailbox, WARMED_UP_RISK } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';
import { useRefetchMailboxes } from './mailbox-queries';

/**
 * "Declare warmed up": no ramp-up, so its daily limit may go up to the provider's own maximum
 * (decision 026), with the risk said in one line.
 */
export function WarmedUpToggle({ account }: { account: Mailbox }) {
  const canAdmin = useCan('admin');
  const refetch = useRefetchMailboxes();
  const save = useMutation({
    mutationFn: (warmedUp: boolean) =>
      apiJson<Mailbox>('PATCH', `/api/mailboxes/${account.id}`, { warmedUp }),
    onSuccess: () => refetch(),
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: serverMessage(error, 'Failed to update sending limits'),
        variant: 'destructive',
      }),
  });
  const id = `warmed-up-${account.id}`;
  const { warmedUp, providerMaximum } = account.sendingLimits;
  return (
    <div className="grid grid-cols-[auto_1fr] items-start gap-x-2 gap-y-0.5 text-xs">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 cursor-pointer accent-primary"
        checked={warmedUp}
        disabled={save.isPending || !canAdmin}
        aria-describedby={`${id}-risk`}
        onChange={(event) => save.mutate(event.target.checked)}
      />
      <label htmlFor={id} className="flex items-center gap-1 font-medium">
        Declare warmed up (no ramp-up, a daily limit up to {providerMaximum}){save.isPending && <Spinner />}
      </label>
      <p id={`${id}-risk`} className="col-start-2 text-muted-foreground">
        {WARMED_UP_RISK}
      </p>
    </div>
  );
}
