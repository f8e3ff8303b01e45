import type { GmailAccount } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDisconnectGmail } from './gmail-queries';

/**
 * Asks before a mailbox is disconnected (its record stays, so a reconnection resumes its sequences) or,
 * once disconnected, removed for good.
 */
export function DisconnectDialog({
  account,
  onOpenChange,
}: {
  account: GmailAccount | null;
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnectGmail();
  const remove = account?.status === 'disconnected';
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title={remove ? 'Remove Gmail Account' : 'Disconnect Gmail Account'}
      description={
        remove ? (
          <>
            Remove {account?.email} for good? Its settings are deleted, and emails of sequences that were to
            leave from it wait until you move them to another mailbox from the sequence's page.
          </>
        ) : (
          <>
            Are you sure you want to disconnect {account?.email}? Sequences can no longer send from it: their
            emails wait, and go out from it once you connect the same Google account again.
          </>
        )
      }
      confirmLabel={remove ? 'Remove' : 'Disconnect'}
      destructive
      pending={disconnect.isPending}
      onConfirm={() => account && disconnect.mutate(account, { onSettled: () => onOpenChange(false) })}
    />
  );
}
