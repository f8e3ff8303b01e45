import type { Mailbox } from '@prospector/contracts';
import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { useRefreshSendingSince } from './mailbox-queries';

/** "Mar 2019": the month is all the ramp-up needs. */
const monthYear = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/** What the mailbox's age is counted from (decision 026), with a button to read it from Gmail again. */
export function MailboxAgeLine({ account }: { account: Mailbox }) {
  const canAdmin = useCan('admin');
  const refresh = useRefreshSendingSince();
  const { sendingSince, ageFrom } = account.sendingLimits;
  const text =
    sendingSince && ageFrom === 'sent_mail'
      ? `Sending since ${monthYear(sendingSince)} (from its sent mail)`
      : sendingSince
        ? `Sending since ${monthYear(sendingSince)} (when it was connected: no sent mail before)`
        : 'Age unknown: Gmail did not say when this mailbox first sent, so it ramps up from its connection';
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs" data-testid="mailbox-age">
      <span className={ageFrom ? undefined : 'text-amber-700 dark:text-amber-300'}>{text}</span>
      {canAdmin && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="h-6 px-2 text-xs"
          disabled={refresh.isPending}
          onClick={() => refresh.mutate(account)}
        >
          {refresh.isPending ? <Spinner /> : <RefreshCwIcon />}
          Check again<span className="sr-only"> the age of {account.email} from its sent mail</span>
        </Button>
      )}
    </p>
  );
}
