import type { CreateTrackingDomainInput, TrackingDomain, TrackingDomainList } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';

export const TRACKING_DOMAINS = ['/api/tracking-domains'] as const;
const failed = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

export const useTrackingDomains = () => useQuery<TrackingDomainList>({ queryKey: TRACKING_DOMAINS });

export function useAddTrackingDomain(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTrackingDomainInput) =>
      apiJson<TrackingDomain>('POST', '/api/tracking-domains', input),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: TRACKING_DOMAINS });
      onAdded();
    },
  });
}

export function useCheckTrackingDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TrackingDomain>('POST', `/api/tracking-domains/${id}/verify`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRACKING_DOMAINS }),
    onError: failed('Failed to check the domain'),
  });
}

export function useRemoveTrackingDomain(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/tracking-domains/${id}`),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: TRACKING_DOMAINS });
      toast({ title: 'Tracking domain removed' });
      onDone();
    },
    onError: failed('Failed to remove the domain'),
  });
}
