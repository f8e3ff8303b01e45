import type { GmailAccount } from '@prospector/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
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
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Disconnect Gmail Account</DialogTitle>
          <DialogDescription>
            Are you sure you want to disconnect {account?.email}? Sequences can no longer send from it until
            you connect it again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={disconnect.isPending}
            onClick={() => account && disconnect.mutate(account, { onSettled: () => onOpenChange(false) })}
          >
            {disconnect.isPending && <Spinner />}
            Disconnect
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
