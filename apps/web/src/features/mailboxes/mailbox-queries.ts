import type {
  AuthUrlResponse,
  GmailAccount,
  GmailQuota,
  Mailbox,
  RemoveMailboxQuery,
} from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { AUTH_ME_KEY } from '@/features/auth/use-current-user';
import { apiJson, serverMessage } from '@/lib/api';
import { countOf } from '@/lib/plural';

export const MAILBOXES_KEY = ['/api/mailboxes'] as const;
export const GMAIL_ACCOUNTS_KEY = ['/api/gmail/accounts'] as const;
export const GMAIL_QUOTA_KEY = ['/api/gmail/quota'] as const;
export const SENDERS_KEY = ['/api/senders'] as const;

export const useMailboxes = () => useQuery<Mailbox[]>({ queryKey: MAILBOXES_KEY });
export const useGmailAccounts = () => useQuery<GmailAccount[]>({ queryKey: GMAIL_ACCOUNTS_KEY });
export const useGmailQuota = () => useQuery<GmailQuota[]>({ queryKey: GMAIL_QUOTA_KEY });

/** How toasts and dialogs name a mailbox: Gmail's keep the spec's "Gmail Account". */
export function mailboxNoun(mailbox: Pick<Mailbox, 'provider'>): string {
  if (mailbox.provider === 'microsoft') return 'Microsoft Mailbox';
  if (mailbox.provider === 'smtp') return 'SMTP Mailbox';
  return 'Gmail Account';
}

/** After any change to mailboxes: the lists, the quota, the senders and the user's default sender. */
export function useRefetchMailboxes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [MAILBOXES_KEY, GMAIL_ACCOUNTS_KEY, GMAIL_QUOTA_KEY, SENDERS_KEY, AUTH_ME_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });

/** The consent round trip: the app answers where to send the browser (the provider's or the sandbox's page). */
function useConsent(url: string, fallback: string) {
  return useMutation({
    mutationFn: () => apiJson<AuthUrlResponse>('GET', url),
    onSuccess: ({ authUrl }) => window.location.assign(authUrl),
    onError: failed('Connection Failed', fallback),
  });
}

export const useConnectGmail = () => useConsent('/api/gmail/connect', 'Failed to initiate Gmail connection');
export const useConnectMicrosoft = () =>
  useConsent('/api/microsoft/connect', 'Failed to initiate Microsoft connection');

export function useDisconnectMailbox() {
  const refetch = useRefetchMailboxes();
  const queryClient = useQueryClient();
  return useMutation({
    // A mailbox already disconnected is removed for good.
    mutationFn: ({ mailbox, newDefaultId }: { mailbox: Mailbox; newDefaultId?: string }) => {
      const query = {
        ...(mailbox.status === 'disconnected' && { permanently: 'true' }),
        ...(newDefaultId && { newDefaultId }),
      } satisfies RemoveMailboxQuery;
      const search = new URLSearchParams(query).toString();
      return apiJson<{ defaultSenderAccountId: string | null }>(
        'DELETE',
        `/api/mailboxes/${mailbox.id}${search ? `?${search}` : ''}`,
      );
    },
    onSuccess: async ({ defaultSenderAccountId }, { mailbox, newDefaultId }) => {
      const known = queryClient.getQueryData<Mailbox[]>(MAILBOXES_KEY) ?? [];
      await refetch();
      const removed = mailbox.status === 'disconnected';
      const newDefault =
        newDefaultId === defaultSenderAccountId
          ? known.find((other) => other.id === newDefaultId)
          : undefined;
      toast({
        title: `${mailboxNoun(mailbox)} ${removed ? 'Removed' : 'Disconnected'}`,
        description: `${mailbox.email} has been ${removed ? 'removed' : 'disconnected'}.${
          newDefault ? ` ${newDefault.email} is now the default sender.` : ''
        }`,
      });
    },
    onError: (error, { mailbox }) =>
      failed(
        'Disconnection Failed',
        mailbox.provider === 'gmail'
          ? 'Failed to disconnect Gmail account'
          : `Failed to disconnect ${mailbox.email}`,
      )(error),
  });
}

export function useSetDefaultSender() {
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: (account: Mailbox) => apiJson('POST', '/api/gmail/set-default', { accountId: account.id }),
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
    mutationFn: (account: Mailbox) =>
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
    mutationFn: (account: Mailbox) =>
      apiJson<GmailAccount>('POST', `/api/gmail/accounts/${account.id}/refresh-sending-since`),
    onSuccess: () => refetch(),
    onError: failed('Refresh Failed', 'Failed to read the mailbox’s age'),
  });
}
