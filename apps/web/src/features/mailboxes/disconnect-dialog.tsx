import type { Mailbox } from '@prospector/contracts';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { mailboxNoun, useDisconnectMailbox } from './mailbox-queries';

/** What connecting the mailbox again takes, by provider. */
const SAME = {
  gmail: 'the same Google account',
  microsoft: 'the same Microsoft account',
  smtp: 'the same address',
} as const;

/**
 * Asks before a mailbox is disconnected (its record stays, so a reconnection resumes its sequences) or,
 * once disconnected, removed for good. For the default sender it says which mailbox becomes the default,
 * or asks which when several could; the choice is sent, so what it says is what happens.
 */
export function DisconnectDialog({
  account,
  mailboxes,
  onOpenChange,
}: {
  account: Mailbox | null;
  /** Every mailbox of the user, oldest first (the order the server picks a new default in). */
  mailboxes: Mailbox[];
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnectMailbox();
  const remove = account?.status === 'disconnected';
  const noun = account ? mailboxNoun(account) : 'Mailbox';
  const successors = account?.isDefault
    ? mailboxes.filter((mailbox) => mailbox.id !== account.id && mailbox.status === 'connected')
    : [];
  const [newDefaultId, setNewDefaultId] = useState<string | undefined>(undefined);
  const firstSuccessor = successors[0]?.id;
  useEffect(() => setNewDefaultId(firstSuccessor), [firstSuccessor]);
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
      onConfirm={() =>
        account &&
        disconnect.mutate(
          { mailbox: account, newDefaultId: account.isDefault ? newDefaultId : undefined },
          { onSettled: () => onOpenChange(false) },
        )
      }
    >
      {account?.isDefault && (
        <NextDefault
          remove={remove}
          successors={successors}
          value={newDefaultId}
          onChange={setNewDefaultId}
        />
      )}
    </ConfirmDialog>
  );
}

/** Which mailbox the default sender becomes: said when one can, asked when several can. */
function NextDefault({
  remove,
  successors,
  value,
  onChange,
}: {
  remove: boolean;
  successors: Mailbox[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const id = useId();
  if (successors.length === 0) {
    return (
      <p className="text-sm" data-testid="next-default">
        This is your default sender and no other mailbox is connected:{' '}
        {remove
          ? 'new sequences have no default sender until you connect one.'
          : 'it stays the default, unable to send, until you connect it or another mailbox.'}
      </p>
    );
  }
  if (successors.length === 1) {
    return (
      <p className="text-sm" data-testid="next-default">
        This is your default sender: <strong className="break-all">{successors[0]!.email}</strong> becomes the
        default.
      </p>
    );
  }
  return (
    <div className="grid min-w-0 gap-2 text-sm" data-testid="next-default">
      <Label htmlFor={id}>This is your default sender. Which mailbox becomes the default?</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {successors.map((mailbox) => (
            <SelectItem key={mailbox.id} value={mailbox.id}>
              {mailbox.email}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
