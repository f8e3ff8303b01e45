import type { Sender } from '@prospector/contracts';
import { Link } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A sender is one send-as address of one mailbox. */
export const senderValue = (sender: Sender) => `${sender.accountId}|${sender.email}`;

/** The sender choice of the test send; without a connected mailbox, a link to connect one. */
export function SenderSelect({
  senders,
  loading,
  value,
  onChange,
}: {
  senders: Sender[] | undefined;
  loading: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  if (!loading && senders && senders.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No mailbox is connected.{' '}
        <Link className="text-primary underline" to="/connection/gmail">
          Connect one
        </Link>{' '}
        to send a test.
      </p>
    );
  }
  return (
    <div className="grid min-w-0 gap-2">
      <Label id="test-sender-label">Sender</Label>
      <Select value={value} onValueChange={onChange} disabled={loading || !senders}>
        <SelectTrigger
          aria-labelledby="test-sender-label"
          className="w-full min-w-0 *:data-[slot=select-value]:block *:data-[slot=select-value]:truncate"
        >
          <SelectValue placeholder={loading ? 'Loading senders...' : 'Choose a sender'} />
        </SelectTrigger>
        <SelectContent>
          {(senders ?? []).map((sender) => (
            <SelectItem key={senderValue(sender)} value={senderValue(sender)}>
              {sender.displayName ? `${sender.displayName} <${sender.email}>` : sender.email}
              {sender.isDefault ? ' (default)' : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
