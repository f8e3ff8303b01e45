import type { Mailbox } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { mailboxNoun, useDisconnectMailbox } from './gmail-queries';

/** What connecting the mailbox again takes, by provider. */
const SAME = {
  gmail: 'the same Google account',
  microsoft: 'the same Microsoft account',
  smtp: 'the same address',
} as const;

/**
 * Asks before a mailbox is disconnected (its record stays, so a reconnection resumes its sequences) or,
 * once disconnected, removed for good.
 */
export function DisconnectDialog({
  account,
  onOpenChange,
}: {
  account: Mailbox | null;
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnectMailbox();
  const remove = account?.status === 'disconnected';
  const noun = account ? mailboxNoun(account) : 'Mailbox';
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title={remove ? `Remove ${noun}` : `Disconnect ${noun}`}
      description={
        remove ? (
          <>
            Remove {account?.email} for good? Its settings are deleted, and emails of sequences that were to
            leave from it wait until you move them to another mailbox from the sequence's page.
          </>
        ) : (
          <>
            Are you sure you want to disconnect {account?.email}? Sequences can no longer send from it: their
            emails wait, and go out from it once you connect {SAME[account?.provider ?? 'gmail']} again.
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
