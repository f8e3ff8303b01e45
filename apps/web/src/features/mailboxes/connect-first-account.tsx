import { MailPlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { ConnectMailboxMenu } from './connect-mailbox-menu';
import { useConnectGmail } from './mailbox-queries';

/** The empty state: no mailbox yet. */
export function ConnectFirstAccount() {
  const canAdmin = useCan('admin');
  const connect = useConnectGmail();
  return (
    <section
      aria-label="No mailboxes"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-muted/30 px-6 py-14 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-background shadow-sm ring-1 ring-border">
        <MailPlusIcon className="size-5 text-muted-foreground" aria-hidden />
      </span>
      <div className="max-w-md space-y-1">
        <p className="font-medium">No mailboxes connected</p>
        {!canAdmin ? (
          <p className="text-muted-foreground text-sm">An admin of this workspace connects its mailboxes.</p>
        ) : (
          <p className="text-muted-foreground text-sm">
            Connect a Gmail or Google Workspace mailbox, a Microsoft 365 or Outlook.com one, or any mailbox
            with SMTP and IMAP, to send your sequences from your own address.
          </p>
        )}
      </div>
      {canAdmin && (
        <div className="flex flex-wrap justify-center gap-2">
          <Button disabled={connect.isPending} onClick={() => connect.mutate()}>
            {connect.isPending && <Spinner />}
            Connect Your First Gmail Account
          </Button>
          <ConnectMailboxMenu variant="outline" label="Other mailbox" />
        </div>
      )}
    </section>
  );
}
