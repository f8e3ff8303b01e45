import { lazy, Suspense, useEffect } from 'react';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { identify } from '@/lib/analytics';
import { errorStatus } from '@/lib/api';
import { loadSignedInRoutes } from './load-signed-in-routes';
import { useCurrentUser } from './use-current-user';

const AuthPage = lazy(() => import('./auth-page'));
const SignedInRoutes = lazy(loadSignedInRoutes);

/**
 * Every path except /reset-password goes through here: "Loading..." while the session check runs, the
 * sign-in / create-account screen when signed out, the app's route table when signed in.
 */
export function AuthGate() {
  const { data: user, isLoading, error } = useCurrentUser();

  useEffect(() => {
    if (error && errorStatus(error) !== 401) {
      toast({ title: 'Failed to check authentication', variant: 'destructive' });
    }
  }, [error]);

  useEffect(() => {
    if (user) identify(user);
  }, [user]);

  if (isLoading) return <FullPageSpinner />;
  return <Suspense fallback={<FullPageSpinner />}>{user ? <SignedInRoutes /> : <AuthPage />}</Suspense>;
}
