import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { resetAnalytics } from '@/lib/analytics';
import { apiRequest, serverMessage } from '@/lib/api';
import { PUBLIC_CONFIG_KEY } from '@/lib/public-config';
import { LOGGED_OUT_STATE } from './auth-paths';
import { AUTH_ME_KEY } from './use-current-user';

/**
 * Signs out, clears the user and every cached query, resets analytics and goes to /login (or `signInPath`,
 * a /login that returns somewhere afterwards).
 */
export function useLogout(signInPath = '/login') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.setQueryData(AUTH_ME_KEY, null);
      // The session query stays (now null) so its observers see the sign-out; the deployment's public
      // config is not user data. Everything else goes.
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== AUTH_ME_KEY[0] && query.queryKey[0] !== PUBLIC_CONFIG_KEY[0],
      });
      resetAnalytics();
      dismissToast();
      navigate(signInPath, { replace: true, state: LOGGED_OUT_STATE });
    },
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description: serverMessage(error, 'Logout failed'),
        variant: 'destructive',
      });
    },
  });
}
