import type { GmailAccount } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDisconnectGmail } from './gmail-queries';

/** Asks before a mailbox is disconnected. */
export function DisconnectDialog({
  account,
  onOpenChange,
}: {
  account: GmailAccount | null;
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnectGmail();
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title="Disconnect Gmail Account"
      description={
        <>
          Are you sure you want to disconnect {account?.email}? Sequences can no longer send from it until you
          connect it again.
        </>
      }
      confirmLabel="Disconnect"
      destructive
      pending={disconnect.isPending}
      onConfirm={() => account && disconnect.mutate(account, { onSettled: () => onOpenChange(false) })}
    />
  );
}
