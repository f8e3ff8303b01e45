import { type Mailbox, MICROSOFT_CONNECT_ERRORS } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { InboxIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GetStartedCard } from '@/features/onboarding/get-started-card';
import { useCan } from '@/features/workspaces/use-workspaces';
import { PageHeader } from '@/pages/page-header';
import { AccountCard } from './account-card';
import { ConnectFirstAccount } from './connect-first-account';
import { ConnectMailboxMenu } from './connect-mailbox-menu';
import { DefaultSenderSettings } from './default-sender-settings';
import { DisconnectDialog } from './disconnect-dialog';
import { MAILBOXES_KEY, useGmailQuota, useMailboxes } from './mailbox-queries';
import { AccountSummary, OverviewStats } from './overview-tab';
import { useHashTab } from './use-hash-tab';
import { useOAuthReturn } from './use-oauth-return';

const TABS = ['overview', 'connected-accounts', 'settings'] as const;
/** The toasts of a return from Google's consent page (the spec's) or Microsoft's (`?provider=microsoft`). */
const RETURN_TOASTS = {
  gmail: {
    connected: {
      title: 'Gmail Account Connected',
      description: 'Your Gmail account has been connected successfully.',
    },
    error: {
      title: 'Connection Failed',
      description: 'Failed to connect your Gmail account. Please try again.',
    },
  },
  microsoft: {
    connected: {
      title: 'Microsoft Mailbox Connected',
      description: 'Your Microsoft mailbox has been connected successfully.',
    },
    error: {
      title: 'Connection Failed',
      description: 'Failed to connect your Microsoft mailbox. Please try again.',
    },
    cancelled: {
      title: 'Connection cancelled',
      description: 'You cancelled on the Microsoft sign-in page, so nothing was connected.',
    },
    errors: MICROSOFT_CONNECT_ERRORS,
  },
};

/** /connection/gmail: the mailboxes sequences send from, of every provider. */
export function MailboxConnections() {
  const canAdmin = useCan('admin');
  const queryClient = useQueryClient();
  const onConnected = useCallback(
    () => queryClient.invalidateQueries({ queryKey: MAILBOXES_KEY }),
    [queryClient],
  );
  const [params] = useSearchParams();
  useOAuthReturn(RETURN_TOASTS[params.get('provider') === 'microsoft' ? 'microsoft' : 'gmail'], onConnected);
  const [tab, setTab] = useHashTab(TABS, 'overview');
  const accounts = useMailboxes();
  const quotas = useGmailQuota();
  const [disconnecting, setDisconnecting] = useState<Mailbox | null>(null);
  const list = accounts.data ?? [];
  const empty = accounts.isSuccess && list.length === 0;

  const cards = (
    <div className="grid gap-4 @3xl:grid-cols-2">
      {list.map((account) => (
        <AccountCard
          key={account.id}
          account={account}
          quota={quotas.data?.find((q) => q.accountId === account.id)}
          onDisconnect={canAdmin ? setDisconnecting : undefined}
        />
      ))}
    </div>
  );

  return (
    <div className="@container mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Mailboxes"
        subtitle="Connect the Google, Microsoft and SMTP mailboxes your sequences send from"
        actions={
          <>
            {list.some((a) => a.sandbox) && (
              <Button asChild variant="outline">
                <Link to="/sandbox/inbox">
                  <InboxIcon aria-hidden />
                  Sandbox Inbox
                </Link>
              </Button>
            )}
            {canAdmin && !empty && <ConnectMailboxMenu />}
          </>
        }
      />
      <GetStartedCard />
      {accounts.isError && (
        <p role="alert" className="text-destructive text-sm">
          Failed to load mailboxes. Please try refreshing the page.
        </p>
      )}
      <Tabs value={tab} onValueChange={setTab} className="gap-4">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="connected-accounts">Connected Accounts</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="space-y-6">
          <OverviewStats accounts={list} />
          {accounts.isPending ? (
            <Spinner />
          ) : empty ? (
            <ConnectFirstAccount />
          ) : (
            <AccountSummary accounts={list} />
          )}
        </TabsContent>
        <TabsContent value="connected-accounts">
          {accounts.isPending ? <Spinner /> : empty ? <ConnectFirstAccount /> : cards}
        </TabsContent>
        <TabsContent value="settings">
          <DefaultSenderSettings accounts={list} />
        </TabsContent>
      </Tabs>
      <DisconnectDialog
        account={disconnecting}
        mailboxes={list}
        onOpenChange={(open) => !open && setDisconnecting(null)}
      />
    </div>
  );
}
