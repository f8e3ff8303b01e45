import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useGmailAccounts } from '@/features/mailboxes/mailbox-queries';
import { serverMessage } from '@/lib/api';
import { useAddTrackingDomain } from './tracking-domain-queries';

const ALL_MAILBOXES = 'all';

/** A domain and the mailbox whose emails use it (or all mailboxes without a domain of their own). */
export function AddTrackingDomainForm() {
  const id = useId();
  const mailboxes = useGmailAccounts();
  const [domain, setDomain] = useState('');
  const [mailbox, setMailbox] = useState(ALL_MAILBOXES);
  const add = useAddTrackingDomain(() => setDomain(''));
  const error = add.isError ? serverMessage(add.error, 'Failed to add the domain') : null;

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ domain, mailboxId: mailbox === ALL_MAILBOXES ? null : mailbox });
      }}
    >
      <div className="grid min-w-56 flex-1 gap-1">
        <Label htmlFor={`${id}-domain`}>Domain</Label>
        <Input
          id={`${id}-domain`}
          placeholder="track.example.com"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="grid min-w-56 gap-1">
        <Label htmlFor={`${id}-mailbox`}>Used by</Label>
        <Select value={mailbox} onValueChange={setMailbox}>
          <SelectTrigger id={`${id}-mailbox`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_MAILBOXES}>All mailboxes</SelectItem>
            {(mailboxes.data ?? []).map((account) => (
              <SelectItem key={account.id} value={account.id}>
                {account.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending && <Spinner />}
        Add domain
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
