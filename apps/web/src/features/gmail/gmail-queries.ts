import type { AuthUrlResponse, GmailAccount, GmailQuota } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { AUTH_ME_KEY } from '@/features/auth/use-current-user';
import { apiJson, serverMessage } from '@/lib/api';
import { countOf } from '@/lib/plural';

export const GMAIL_ACCOUNTS_KEY = ['/api/gmail/accounts'] as const;
export const GMAIL_QUOTA_KEY = ['/api/gmail/quota'] as const;
export const SENDERS_KEY = ['/api/senders'] as const;

export const useGmailAccounts = () => useQuery<GmailAccount[]>({ queryKey: GMAIL_ACCOUNTS_KEY });
export const useGmailQuota = () => useQuery<GmailQuota[]>({ queryKey: GMAIL_QUOTA_KEY });

/** After any change to mailboxes: the lists, the quota, the senders and the user's default sender. */
function useRefetchMailboxes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [GMAIL_ACCOUNTS_KEY, GMAIL_QUOTA_KEY, SENDERS_KEY, AUTH_ME_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });

/** GET /api/gmail/connect, then the browser goes to Google's (or the sandbox's) consent screen. */
export function useConnectGmail() {
  return useMutation({
    mutationFn: () => apiJson<AuthUrlResponse>('GET', '/api/gmail/connect'),
    onSuccess: ({ authUrl }) => window.location.assign(authUrl),
    onError: failed('Connection Failed', 'Failed to initiate Gmail connection'),
  });
}

export function useDisconnectGmail() {
  const refetch = useRefetchMailboxes();
  return useMutation({
    // A mailbox already disconnected is removed for good.
    mutationFn: (account: GmailAccount) =>
      apiJson(
        'DELETE',
        `/api/gmail/accounts/${account.id}${account.status === 'disconnected' ? '?permanently=true' : ''}`,
      ),
    onSuccess: async (_data, account) => {
      await refetch();
      const removed = account.status === 'disconnected';
      toast({
        title: removed ? 'Gmail Account Removed' : 'Gmail Account Disconnected',
        description: `${account.email} has been ${removed ? 'removed' : 'disconnected'}.`,
      });
    },
    onError: failed('Disconnection Failed', 'Failed to disconnect Gmail account'),
  });
}

export function useSetDefaultSender() {
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: (account: GmailAccount) =>
      apiJson('POST', '/api/gmail/set-default', { accountId: account.id }),
    onSuccess: async (_data, account) => {
      await refetch();
      toast({ title: 'Default Sender Updated', description: `${account.email} is now your default sender.` });
    },
    onError: failed('Update Failed', 'Failed to update default sender'),
  });
}

export function useRefreshAliases() {
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: (account: GmailAccount) =>
      apiJson<GmailAccount>('POST', `/api/gmail/accounts/${account.id}/refresh-aliases`),
    onSuccess: async (account) => {
      await refetch();
      const count = account.aliasOptions.length;
      toast({
        title: 'Aliases Refreshed',
        description: `${countOf(count, 'send-as address', 'send-as addresses')} found.`,
      });
    },
    onError: async (error) => {
      // A refresh that finds the token revoked changes the card's status; show it.
      await refetch();
      failed('Refresh Failed', 'Failed to refresh aliases')(error);
    },
  });
}

/** POST /api/gmail/accounts/{id}/refresh-sending-since: reads the mailbox's age from its sent mail again. */
export function useRefreshSendingSince() {
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: (account: GmailAccount) =>
      apiJson<GmailAccount>('POST', `/api/gmail/accounts/${account.id}/refresh-sending-since`),
    onSuccess: () => refetch(),
    onError: failed('Refresh Failed', 'Failed to read the mailbox’s age'),
  });
}
