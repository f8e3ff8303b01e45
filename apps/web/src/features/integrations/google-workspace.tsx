import type { AuthUrlResponse, GoogleIntegration } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, type LucideIcon, MailIcon, PenLineIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { SandboxBadge } from '@/features/mailboxes/account-badges';
import { formatDate } from '@/features/mailboxes/format-date';
import { useOAuthReturn } from '@/features/mailboxes/use-oauth-return';
import { ReadOnlyNote } from '@/features/workspaces/role-gate';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage, throwIfResNotOk } from '@/lib/api';
import { PageHeader } from '@/pages/page-header';
import { WorkspaceMailboxes } from './workspace-mailboxes';

export const GOOGLE_INTEGRATION_KEY = ['/api/integrations/google'] as const;

/**
 * What the connection grants (Gmail send and read, the account's identity) and Prospector uses. Contact
 * sync, Calendar and Drive are not part of the product, so the connection does not ask for them and the
 * page says so rather than ticking them.
 */
const FEATURES: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Gmail API',
    description: 'Send from your own mailbox and notice replies and bounces.',
    icon: MailIcon,
  },
  {
    title: 'Signature management',
    description: 'Your send-as addresses and their Gmail signatures are read with your aliases.',
    icon: PenLineIcon,
  },
];
const NOT_INCLUDED =
  'Contact sync, Calendar and Drive are not used by Prospector, so the connection does not ask for them.';

const RETURN_TOASTS = {
  connected: {
    title: 'Google Workspace Connected',
    description: 'Your Google Workspace account has been connected.',
  },
  error: {
    title: 'Connection Failed',
    description: 'Failed to connect your Google Workspace account. Please try again.',
  },
};

/** GET /api/integrations/google; a 404 means there is none. */
async function fetchIntegration(): Promise<GoogleIntegration | null> {
  const res = await fetch('/api/integrations/google', { credentials: 'include' });
  if (res.status === 404) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as GoogleIntegration;
}

/** /integrations/gsuite: Connected or Not Connected, what the connection brings, connect and disconnect. */
export function GoogleWorkspace() {
  const canAdmin = useCan('admin');
  const queryClient = useQueryClient();
  const integration = useQuery({ queryKey: GOOGLE_INTEGRATION_KEY, queryFn: fetchIntegration });
  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: GOOGLE_INTEGRATION_KEY }),
    [queryClient],
  );
  useOAuthReturn(RETURN_TOASTS, refetch);
  const connect = useMutation({
    mutationFn: () => apiJson<AuthUrlResponse>('GET', '/api/auth/google'),
    onSuccess: ({ authUrl }) => window.location.assign(authUrl),
    onError: (error) =>
      toast({
        title: 'Connection Failed',
        description: serverMessage(error, 'Failed to initiate Google connection'),
        variant: 'destructive',
      }),
  });
  const disconnect = useMutation({
    mutationFn: () => apiJson('DELETE', '/api/integrations/google'),
    onSuccess: async () => {
      await refetch();
      toast({
        title: 'Google Workspace Disconnected',
        description: 'Your Google Workspace account has been disconnected.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Disconnection Failed',
        description: serverMessage(error, 'Failed to disconnect Google Workspace'),
        variant: 'destructive',
      }),
  });
  const connected = integration.data?.status === 'connected';

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Google Workspace" subtitle="Connect your Google Workspace account" />
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-2">
          <div className="space-y-1">
            <CardTitle>Google Workspace</CardTitle>
            <CardDescription>
              {connected && integration.data
                ? `${integration.data.userEmail ?? 'Connected'} · since ${formatDate(integration.data.createdAt)}`
                : 'Sign in with Google to bring your Workspace account into Prospector.'}
            </CardDescription>
          </div>
          <div className="flex items-center gap-1.5">
            {integration.isPending ? (
              <Spinner />
            ) : (
              <Badge variant={connected ? 'default' : 'secondary'} data-testid="gsuite-status">
                {connected ? 'Connected' : 'Not Connected'}
              </Badge>
            )}
            {integration.data?.sandbox && <SandboxBadge />}
          </div>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Features">
            {FEATURES.map(({ title, description, icon: Icon }) => (
              <li key={title} className="flex gap-3 rounded-lg border p-3">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <div>
                  <p className="flex items-center gap-1 font-medium text-sm">
                    {title}
                    {connected && <CheckIcon className="size-3.5 text-emerald-600" aria-label="granted" />}
                  </p>
                  <p className="text-muted-foreground text-xs">{description}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-muted-foreground text-xs">{NOT_INCLUDED}</p>
          <WorkspaceMailboxes />
        </CardContent>
        <CardFooter className="gap-2">
          {!canAdmin ? (
            <ReadOnlyNote atLeast="admin" />
          ) : connected ? (
            <Button variant="outline" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
              {disconnect.isPending && <Spinner />}
              Disconnect
            </Button>
          ) : (
            <Button disabled={connect.isPending || integration.isPending} onClick={() => connect.mutate()}>
              {connect.isPending && <Spinner />}
              Connect Google Workspace
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
