import type { GmailAccount, Mailbox } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';
import { formatDate } from './format-date';
import { useRefetchMailboxes } from './mailbox-queries';

function useResumeMailbox() {
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: (account: Mailbox) =>
      apiJson<GmailAccount>('POST', `/api/gmail/accounts/${account.id}/resume`),
    onSuccess: async (account) => {
      await refetch();
      toast({ title: 'Mailbox Resumed', description: `${account.email} is sending again.` });
    },
    onError: (error) =>
      toast({
        title: 'Resume Failed',
        description: serverMessage(error, 'Failed to resume the mailbox'),
        variant: 'destructive',
      }),
  });
}

/**
 * Why sending from the mailbox is paused (a high hard-bounce rate, or held for sender health), with the
 * Resume button (Send anyway for a sender-health hold: the user's choice, kept until the finding changes).
 */
export function MailboxPausedNotice({ account }: { account: Mailbox }) {
  const canAdmin = useCan('admin');
  const resume = useResumeMailbox();
  if (!account.paused) return null;
  return (
    <div
      role="status"
      className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-200"
    >
      <p className="font-medium">Sending paused since {formatDate(account.paused.at)}</p>
      {account.paused.reason && <p>{account.paused.reason}</p>}
      {canAdmin && (
        <Button
          size="sm"
          variant="outline"
          disabled={resume.isPending}
          onClick={() => resume.mutate(account)}
        >
          {resume.isPending ? <Spinner /> : <PlayIcon aria-hidden />}
          {account.senderHealth.held ? 'Send Anyway' : 'Resume'}
        </Button>
      )}
    </div>
  );
}
