import type { Mailbox, SenderHealth } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';
import { formatDate } from './format-date';
import { useRefetchMailboxes } from './mailbox-queries';
import { SenderHealthBadge } from './sender-health-badge';
import { SenderHealthChecks } from './sender-health-checks';
import { SendingRulesList } from './sending-rules-list';

const healthKey = (id: string) => ['/api/mailboxes', id, 'health'] as const;

function useCheckAgain(mailbox: Mailbox) {
  const client = useQueryClient();
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: () => apiJson<SenderHealth>('POST', `/api/mailboxes/${mailbox.id}/health/check`),
    onSuccess: async (health) => {
      client.setQueryData(healthKey(mailbox.id), health);
      await refetch();
    },
    onError: (error) =>
      toast({
        title: 'Check Failed',
        description: serverMessage(error, 'The sender health could not be checked'),
        variant: 'destructive',
      }),
  });
}

function Body({ mailbox, health }: { mailbox: Mailbox; health: SenderHealth }) {
  return (
    <div className="space-y-4">
      {health.providerDomain && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          {health.domain} is your provider's own domain: it authenticates the mail itself.
        </p>
      )}
      {health.hold.held && (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-200"
        >
          Sending from {mailbox.email} is held until these checks pass. It resumes by itself; Send anyway on
          the card lifts the hold now.
        </p>
      )}
      <SenderHealthChecks health={health} />
      <SendingRulesList rules={health.rules} />
    </div>
  );
}

/** The "Sender health" button of a mailbox card and its panel: checks, records to add, sending rules. */
export function SenderHealthDialog({ mailbox }: { mailbox: Mailbox }) {
  const canAdmin = useCan('admin');
  const [open, setOpen] = useState(false);
  const health = useQuery<SenderHealth>({
    queryKey: healthKey(mailbox.id),
    queryFn: () => apiJson<SenderHealth>('GET', `/api/mailboxes/${mailbox.id}/health`),
    enabled: open,
  });
  const check = useCheckAgain(mailbox);
  const data = health.data;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <ShieldCheckIcon aria-hidden />
        Sender Health
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
          data-testid="sender-health-panel"
        >
          <DialogHeader>
            <DialogTitle>Sender health</DialogTitle>
            <DialogDescription className="break-all">
              SPF, DKIM, DMARC and blocklists of {data?.domain ?? mailbox.email}
              {data?.checkedAt ? `, checked ${formatDate(data.checkedAt)}` : ''}.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            {data && <SenderHealthBadge health={{ ...data, held: data.hold.held }} />}
            {canAdmin && (
              <Button
                size="sm"
                className="ml-auto"
                disabled={check.isPending}
                onClick={() => check.mutate()}
                aria-busy={check.isPending}
              >
                {check.isPending ? <Spinner /> : <RefreshCwIcon aria-hidden />}
                {check.isPending ? 'Checking…' : 'Check Again'}
              </Button>
            )}
          </div>
          {health.isPending && <p className="text-muted-foreground text-sm">Loading…</p>}
          {health.isError && (
            <p role="alert" className="text-destructive text-sm">
              {serverMessage(health.error, 'The sender health could not be loaded')}
            </p>
          )}
          {data && <Body mailbox={mailbox} health={data} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
