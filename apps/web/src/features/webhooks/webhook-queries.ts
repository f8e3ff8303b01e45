import type {
  WebhookCreateInput,
  WebhookDeliveryView,
  WebhookEndpointCreated,
  WebhookEndpointDetail,
  WebhookEndpointView,
  WebhookUpdateInput,
} from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

export const WEBHOOKS = ['/api/webhooks'] as const;
const failed = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

export const useWebhooks = () => useQuery<WebhookEndpointView[]>({ queryKey: WEBHOOKS });
export const useWebhook = (id: string, enabled: boolean) =>
  useQuery<WebhookEndpointDetail>({ queryKey: [`/api/webhooks/${id}`], enabled });
export const useDeliveries = (id: string, enabled: boolean) =>
  useQuery<WebhookDeliveryView[]>({
    queryKey: [`/api/webhooks/${id}/deliveries`],
    enabled,
    refetchInterval: 3000,
  });

export function useCreateWebhook(onCreated: (endpoint: WebhookEndpointCreated) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookCreateInput) =>
      apiJson<WebhookEndpointCreated>('POST', '/api/webhooks', input),
    onSuccess: (endpoint) => {
      queryClient.invalidateQueries({ queryKey: WEBHOOKS });
      onCreated(endpoint);
    },
    onError: failed('Failed to add the endpoint'),
  });
}

export function useUpdateWebhook(id: string, rotated?: (message: string) => void, saved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookUpdateInput) =>
      apiJson<WebhookEndpointDetail>('PATCH', `/api/webhooks/${id}`, input),
    onSuccess: (endpoint, input) => {
      queryClient.setQueryData([`/api/webhooks/${id}`], endpoint);
      queryClient.invalidateQueries({ queryKey: WEBHOOKS });
      if (input.rotateSecret)
        rotated?.('A new signing secret was issued; the old one stays valid for 24 hours.');
      else saved?.();
    },
    onError: failed('Failed to update the endpoint'),
  });
}

export function useDeleteWebhook(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson('DELETE', `/api/webhooks/${id}`),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: WEBHOOKS });
      toast({ title: 'Endpoint deleted' });
      onDone();
    },
    onError: failed('Failed to delete the endpoint'),
  });
}

export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', `/api/webhooks/${id}/test`),
    onSuccess: () => {
      toast({
        title: 'Test event queued',
        description: 'It appears in the delivery log when it has been sent.',
      });
      queryClient.invalidateQueries({ queryKey: [`/api/webhooks/${id}/deliveries`] });
    },
    onError: failed('Failed to send a test event'),
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => apiJson('POST', `/api/webhooks/deliveries/${deliveryId}/resend`),
    onSuccess: () => {
      toast({ title: 'Resend queued' });
      queryClient.invalidateQueries({ queryKey: [`/api/webhooks/${endpointId}/deliveries`] });
    },
    onError: failed('Failed to resend'),
  });
}
