import type { ApolloKeyInput, ApolloKeyStatus } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { SAVE_KEY_FAILED, saveKeyFailureReason } from './apollo-key-failure';

export const APOLLO_KEY = ['/api/integrations/apollo'] as const;

export const useApolloKey = () => useQuery<ApolloKeyStatus>({ queryKey: APOLLO_KEY });

/** PUT /api/integrations/apollo: the server tries the key with Apollo first and refuses one Apollo rejects. */
export function useSaveApolloKey(onSaved: () => void, onRejected: (reason: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApolloKeyInput) => apiJson<ApolloKeyStatus>('PUT', '/api/integrations/apollo', input),
    onSuccess: (status) => {
      queryClient.setQueryData(APOLLO_KEY, {
        hasKey: status.hasKey,
        maskedKey: status.maskedKey,
        enabled: status.enabled,
      });
      toast({
        title: 'API Key Saved',
        description: 'Apollo accepted the key. Lead searches now use your Apollo account.',
      });
      onSaved();
    },
    onError: (error) => {
      const reason = saveKeyFailureReason(error);
      onRejected(reason);
      toast({ title: SAVE_KEY_FAILED, description: reason, variant: 'destructive' });
    },
  });
}

export function useToggleApolloKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiJson<{ enabled: boolean }>('PATCH', '/api/integrations/apollo/toggle', { enabled }),
    onSuccess: ({ enabled }) => {
      queryClient.setQueryData<ApolloKeyStatus>(APOLLO_KEY, (old) => (old ? { ...old, enabled } : old));
      toast({
        title: enabled ? 'Apollo Enabled' : 'Apollo Disabled',
        description: enabled
          ? 'Lead searches use your Apollo API key.'
          : 'Your Apollo API key is turned off.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to toggle API key status'),
        variant: 'destructive',
      }),
  });
}
