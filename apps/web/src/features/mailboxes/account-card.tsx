import type { GmailQuota, Mailbox } from '@prospector/contracts';
import { PlugIcon, RefreshCwIcon, StarIcon, Trash2Icon, UnplugIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { SandboxBadge, StatusBadge } from './account-badges';
import { formatDate } from './format-date';
import { HealthBadge } from './health-badge';
import { MailboxPausedNotice } from './mailbox-paused-notice';
import {
  useConnectGmail,
  useConnectMicrosoft,
  useRefreshAliases,
  useSetDefaultSender,
} from './mailbox-queries';
import { ProviderMark, providerLabel } from './provider-mark';
import { QuotaBar } from './quota-bar';
import { SenderHealthBadge } from './sender-health-badge';
import { SenderHealthDialog } from './sender-health-dialog';
import { SenderRejectionsNotice } from './sender-rejections-notice';
import { SendingLimitsForm } from './sending-limits-form';
import { SmtpConnectDialog } from './smtp-connect-dialog';

/** What connecting the mailbox again asks for, by provider. */
const AGAIN = {
  gmail: 'Connect the same Google account again',
  microsoft: 'Connect the same Microsoft account again',
  smtp: 'Connect the same address again',
} as const;

/** Connect a disconnected or expired mailbox again: its provider's consent, or its servers' settings. */
function useReconnect(account: Mailbox) {
  const google = useConnectGmail();
  const microsoft = useConnectMicrosoft();
  const [smtpOpen, setSmtpOpen] = useState(false);
  const consent = account.provider === 'microsoft' ? microsoft : google;
  return {
    pending: consent.isPending,
    start: () => (account.provider === 'smtp' ? setSmtpOpen(true) : consent.mutate()),
    dialog: account.provider === 'smtp' && (
      <SmtpConnectDialog open={smtpOpen} onOpenChange={setSmtpOpen} email={account.email} />
    ),
  };
}

/** One connected mailbox: who, state, quota, send-as aliases and what can be done with it. */
export function AccountCard({
  account,
  quota,
  onDisconnect,
}: {
  account: Mailbox;
  quota: GmailQuota | undefined;
  /** Without it (below admin) the card offers no change to the mailbox. */
  onDisconnect?: (account: Mailbox) => void;
}) {
  const canAdmin = useCan('admin');
  const setDefault = useSetDefaultSender();
  const refresh = useRefreshAliases();
  const reconnect = useReconnect(account);
  const disconnected = account.status === 'disconnected';
  const held = disconnected || account.status === 'token_expired';
  return (
    <Card
      data-testid="gmail-account-card"
      data-provider={account.provider}
      aria-label={account.email}
      className="gap-4"
    >
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <ProviderMark mailbox={account} />
          <div className="min-w-0">
            <CardTitle className="truncate text-base">{account.email}</CardTitle>
            {account.displayName && (
              <p className="truncate text-muted-foreground text-sm">{account.displayName}</p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {account.isDefault && <Badge>Default</Badge>}
          <StatusBadge status={account.status} />
          <HealthBadge health={account.health} />
          <SenderHealthBadge health={account.senderHealth} />
          {account.sandbox && <SandboxBadge />}
          <Badge variant="outline">{providerLabel(account)}</Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground text-xs">Connected</dt>
            <dd>{formatDate(account.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Last used</dt>
            <dd>{account.lastUsedAt ? formatDate(account.lastUsedAt) : 'Never'}</dd>
          </div>
        </dl>
        {account.status === 'token_expired' && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-200">
            {account.provider === 'gmail'
              ? 'Google no longer accepts this connection. Connect the account again to keep sending.'
              : `${account.health.reason ?? 'The connection no longer works'}. ${account.health.lastError ?? ''}`}
          </p>
        )}
        {disconnected && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm">
            Disconnected. {AGAIN[account.provider]} and its sequences' waiting emails go out from it, with its
            settings; or remove it for good.
          </p>
        )}
        <MailboxPausedNotice account={account} />
        <SenderRejectionsNotice account={account} />
        <QuotaBar quota={quota} />
        <SendingLimitsForm account={account} />
        {account.aliasOptions.length > 0 && (
          <div className="space-y-1.5">
            <p className="font-medium text-xs">Send-as aliases</p>
            <ul className="flex flex-wrap gap-1.5" aria-label={`Send-as aliases of ${account.email}`}>
              {account.aliasOptions.map((alias) => (
                <li key={alias.sendAsEmail}>
                  <Badge
                    variant="secondary"
                    className="max-w-full whitespace-normal break-all text-left"
                    title={`Verification: ${alias.verificationStatus}`}
                  >
                    {alias.displayName ? `${alias.displayName} <${alias.sendAsEmail}>` : alias.sendAsEmail}
                    {alias.verificationStatus !== 'accepted' && ` (${alias.verificationStatus})`}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <SenderHealthDialog mailbox={account} />
        {canAdmin && onDisconnect && (
          <>
            {held && (
              <Button size="sm" disabled={reconnect.pending} onClick={reconnect.start}>
                {reconnect.pending ? <Spinner /> : <PlugIcon aria-hidden />}
                Reconnect
              </Button>
            )}
            {!account.isDefault && !disconnected && (
              <Button
                size="sm"
                variant="outline"
                disabled={setDefault.isPending}
                onClick={() => setDefault.mutate(account)}
              >
                {setDefault.isPending ? <Spinner /> : <StarIcon aria-hidden />}
                Set as Default
              </Button>
            )}
            {!disconnected && account.provider === 'gmail' && (
              <Button
                size="sm"
                variant="outline"
                disabled={refresh.isPending}
                onClick={() => refresh.mutate(account)}
              >
                {refresh.isPending ? <Spinner /> : <RefreshCwIcon aria-hidden />}
                Refresh Aliases
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive"
              onClick={() => onDisconnect?.(account)}
            >
              {disconnected ? <Trash2Icon aria-hidden /> : <UnplugIcon aria-hidden />}
              {disconnected ? 'Remove' : 'Disconnect'}
            </Button>
          </>
        )}
      </CardFooter>
      {reconnect.dialog}
    </Card>
  );
}
