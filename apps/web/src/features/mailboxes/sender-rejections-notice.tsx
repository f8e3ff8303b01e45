import type { Mailbox } from '@prospector/contracts';
import { countOf } from '@/lib/plural';
import { formatDate } from './format-date';

/**
 * Emails recipients' servers refused because of the sender (policy, spam, authentication, reputation):
 * the addresses are fine, the mailbox's reputation or setup is what to look at.
 */
export function SenderRejectionsNotice({ account }: { account: Mailbox }) {
  const { count, last } = account.senderRejections;
  if (!count || !last) return null;
  return (
    <div role="status" className="space-y-1 rounded-md bg-muted px-3 py-2 text-sm">
      <p className="font-medium">
        {countOf(count, 'email', 'emails')} refused by recipients' servers in the last 30 days
      </p>
      <p className="text-muted-foreground">
        Refused because of the sender (policy, spam or authentication), not the address. Latest on{' '}
        {formatDate(last.at)}
        {last.status ? ` (${last.status})` : ''}
        {last.diagnostic ? `: ${last.diagnostic}` : '.'}
      </p>
    </div>
  );
}
