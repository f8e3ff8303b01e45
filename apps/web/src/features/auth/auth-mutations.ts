import type { LoginInput, RegisterInput, User } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { ANALYTICS_EVENTS, identify, resetAnalytics, track } from '@/lib/analytics';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';
import { PUBLIC_CONFIG_KEY } from '@/lib/public-config';
import { loadSignedInRoutes } from './load-signed-in-routes';
import { AUTH_ME_KEY } from './use-current-user';

/** Where a user lands after signing in or creating an account (spec section 2). */
export const AFTER_SIGN_IN_PATH = '/connection/gmail';
/** Navigation state that tells the signed-in /login redirect to wait for the user to be cleared. */
export const LOGGED_OUT_STATE = { loggedOut: true } as const;

function preloadShell() {
  loadSignedInRoutes().catch(() => {
    // A failed preload is retried by React.lazy when the shell renders.
  });
}

function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: User) => {
    queryClient.setQueryData(AUTH_ME_KEY, user);
    void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
    navigate(AFTER_SIGN_IN_PATH, { replace: true });
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<User>('POST', '/api/auth/login', input),
    onMutate: preloadShell,
    onSuccess: (user) => {
      identify(user);
      signedIn(user);
      toast({ title: 'Welcome back!', description: 'You have been logged in successfully' });
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: serverMessage(error, 'Login failed'),
        variant: 'destructive',
      });
    },
  });
}

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiJson<User>('POST', '/api/auth/register', input),
    onMutate: preloadShell,
    onSuccess: (user) => {
      identify(user);
      track(ANALYTICS_EVENTS.signUp, { signup_date: new Date(user.createdAt).toISOString() });
      signedIn(user);
      toast({ title: 'Welcome!', description: 'Your account has been created successfully' });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: serverMessage(error, 'Registration failed'),
        variant: 'destructive',
      });
    },
  });
}

/** Signs out, clears the user and every cached query, resets analytics and goes to /login. */
export function useLogout() {
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
      navigate('/login', { replace: true, state: LOGGED_OUT_STATE });
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
