import type { ApiKeyCreated, ApiKeyCreateInput, ApiKeyView } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

export const API_KEYS = ['/api/api-keys'] as const;

export const useApiKeys = () => useQuery<ApiKeyView[]>({ queryKey: API_KEYS });

export function useCreateApiKey(onCreated: (key: ApiKeyCreated) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateInput) => apiJson<ApiKeyCreated>('POST', '/api/api-keys', input),
    onSuccess: (key) => {
      queryClient.invalidateQueries({ queryKey: API_KEYS });
      onCreated(key);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to create the API key'),
        variant: 'destructive',
      }),
  });
}

export function useRevokeApiKey(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson('DELETE', `/api/api-keys/${id}`),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: API_KEYS });
      toast({ title: 'API key revoked', description: 'Requests with this key are refused from now on.' });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to revoke the API key'),
        variant: 'destructive',
      }),
  });
}
