import type { LoginInput, RegisterInput, User } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { ANALYTICS_EVENTS, identify, track } from '@/lib/analytics';
import { apiJson, serverMessage } from '@/lib/api';
import { afterSignInPath } from './auth-paths';
import { loadSignedInRoutes } from './load-signed-in-routes';
import { AUTH_ME_KEY } from './use-current-user';

const ignoreFailure = () => {
  // A failed preload is retried by React.lazy when the shell renders.
};

function preloadShell() {
  loadSignedInRoutes().catch(ignoreFailure);
}

function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (user: User) => {
    const destination = afterSignInPath(search);
    queryClient.setQueryData(AUTH_ME_KEY, user);
    void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
    // The first screen's code and data start loading now, alongside the shell.
    loadSignedInRoutes().then((routes) => routes.preloadRoute(queryClient, destination), ignoreFailure);
    navigate(destination, { replace: true });
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
