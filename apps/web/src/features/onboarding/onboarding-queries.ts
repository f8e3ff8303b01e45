import type { Onboarding } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { REFRESH_AFTER_CHANGES } from '@/lib/query-client';

export const ONBOARDING_KEY = ['/api/onboarding'] as const;

/** The checklist's state; refreshed after every change the user makes, so each step ticks itself. */
export function useOnboarding() {
  return useQuery<Onboarding>({ queryKey: ONBOARDING_KEY, meta: REFRESH_AFTER_CHANGES });
}

export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<Onboarding>('POST', '/api/onboarding/dismiss'),
    onMutate: () => {
      const previous = queryClient.getQueryData<Onboarding>(ONBOARDING_KEY);
      if (previous) queryClient.setQueryData(ONBOARDING_KEY, { ...previous, dismissed: true });
      return { previous };
    },
    onSuccess: (onboarding) => queryClient.setQueryData(ONBOARDING_KEY, onboarding),
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(ONBOARDING_KEY, context.previous);
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to dismiss'),
        variant: 'destructive',
      });
    },
  });
}
