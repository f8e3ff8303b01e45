import type { Sender } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { SENDERS_KEY } from '@/features/mailboxes/mailbox-queries';
import { useCan } from '@/features/workspaces/use-workspaces';
import { rotationOffer, rotationWith } from './rotation';
import { RotationFields } from './rotation-fields';
import type { SequenceControl } from './sequence-form';

const DEFAULT = 'default';

/** The mailboxes among the senders, once each, in the order GET /api/senders gives them. */
export function mailboxesOf(senders: Sender[]): Sender[] {
  const seen = new Set<string>();
  return senders.filter((s) => !seen.has(s.accountId) && seen.add(s.accountId));
}

/** The address a mailbox sends as unless told otherwise: its own, else its first alias. */
const ownAddress = (senders: Sender[], accountId: string) =>
  (
    senders.find((s) => s.accountId === accountId && s.email === s.accountEmail) ??
    senders.find((s) => s.accountId === accountId)
  )?.email ?? null;

/** Sender mailbox and send-as address (GET /api/senders); "Default sender" leaves both to the account's default. */
export function SenderFields({ control }: { control: SequenceControl }) {
  const canConnect = useCan('admin');
  const senders = useQuery<Sender[]>({ queryKey: SENDERS_KEY });
  const account = useController({ control, name: 'senderAccountId' });
  const sendAs = useController({ control, name: 'sendAsEmail' });
  const rotation = useController({ control, name: 'senderAccountIds' });
  useEffect(() => {
    if (senders.isError)
      toast({ title: 'Error', description: 'Failed to fetch senders', variant: 'destructive' });
  }, [senders.isError]);

  const all = senders.data ?? [];
  if (senders.isSuccess && all.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No mailbox is connected.{' '}
        {canConnect ? (
          <>
            <Link className="text-primary underline" to="/connection/gmail">
              Connect one
            </Link>{' '}
            to send this sequence.
          </>
        ) : (
          'An admin of this workspace connects the mailboxes this sequence sends from.'
        )}
      </p>
    );
  }
  const accountId = (account.field.value as string | null) ?? null;
  const aliases = accountId ? all.filter((s) => s.accountId === accountId) : [];
  const mailboxes = mailboxesOf(all);
  const offer = rotationOffer(accountId, mailboxes);
  const pinDefault = () => {
    if (offer.kind !== 'rotation' || !offer.pinsDefault) return;
    account.field.onChange(offer.primary);
    sendAs.field.onChange(ownAddress(all, offer.primary));
  };
  return (
    <div className="@container">
      <div className="grid grid-cols-1 gap-4 @md:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 gap-2">
          <Label htmlFor="sender-mailbox">Sender Mailbox</Label>
          <Select
            value={accountId ?? DEFAULT}
            disabled={senders.isPending}
            onValueChange={(value) => {
              const next = value === DEFAULT ? null : value;
              account.field.onChange(next);
              sendAs.field.onChange(next ? ownAddress(all, next) : null);
              rotation.field.onChange(
                rotationWith(next, (rotation.field.value as string[] | undefined) ?? []),
              );
            }}
          >
            <SelectTrigger id="sender-mailbox" className="w-full">
              <SelectValue placeholder={senders.isPending ? 'Loading senders...' : 'Default sender'} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={DEFAULT}>Default sender</SelectItem>
              {mailboxes.map((s) => (
                <SelectItem key={s.accountId} value={s.accountId}>
                  {s.accountEmail}
                  {s.isDefault ? ' (default)' : ''}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-2">
          <Label htmlFor="send-as">Send As</Label>
          <Select
            value={(sendAs.field.value as string | null) ?? ''}
            disabled={!accountId}
            onValueChange={(value) => sendAs.field.onChange(value)}
          >
            <SelectTrigger id="send-as" className="w-full">
              <SelectValue placeholder={accountId ? 'Choose an address' : "The default sender's address"} />
            </SelectTrigger>
            <SelectContent>
              {aliases.map((s) => (
                <SelectItem key={s.email} value={s.email}>
                  {s.displayName ? `${s.displayName} <${s.email}>` : s.email}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {offer.kind === 'rotation' && (
        <div className="mt-4">
          <RotationFields
            control={control}
            primary={offer.primary}
            mailboxes={mailboxes}
            onFirstChoice={offer.pinsDefault ? pinDefault : undefined}
          />
        </div>
      )}
      {offer.kind === 'connect-another' && (
        <p className="mt-3 text-muted-foreground text-xs" data-testid="rotation-offer">
          To share this sequence's sending across several mailboxes ("Also send from"),{' '}
          <Link className="text-primary underline" to="/connection/gmail">
            connect another mailbox
          </Link>
          .
        </p>
      )}
    </div>
  );
}
