import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppShellSkeleton } from '@/components/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { identify } from '@/lib/analytics';
import { errorStatus } from '@/lib/api';
import { loadSignedInRoutes } from './load-signed-in-routes';
import { useCurrentUser } from './use-current-user';

const loadAuthPage = () => import('./auth-page');
const AuthPage = lazy(loadAuthPage);
const SignedInRoutes = lazy(loadSignedInRoutes);

const SIGNED_OUT_PATHS = ['/login', '/signup'];
const ignoreFailure = () => {
  // A failed preload is tried again by React.lazy when the screen renders.
};

/** The sign-in card's place while its code arrives. */
function AuthCardSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-svh items-center justify-center p-4">
      <Skeleton className="h-[28rem] w-full max-w-md rounded-xl" />
    </div>
  );
}

/**
 * Every path except /reset-password goes through here: the sign-in / create-account screen when signed
 * out, the app's route table when signed in. While the session check runs, the screen's outline shows at
 * once and the code (and, once signed in, the first data) of the screen asked for load alongside.
 */
export function AuthGate() {
  const { data: user, isLoading, error } = useCurrentUser();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const signedOutPath = SIGNED_OUT_PATHS.includes(pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first screen is preloaded here.
  useEffect(() => {
    if (signedOutPath) loadAuthPage().catch(ignoreFailure);
    else loadSignedInRoutes().then((routes) => routes.preloadRouteCode(pathname), ignoreFailure);
  }, []);

  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn || SIGNED_OUT_PATHS.includes(window.location.pathname)) return;
    loadSignedInRoutes().then(
      (routes) => routes.preloadRoute(queryClient, window.location.pathname),
      ignoreFailure,
    );
  }, [signedIn, queryClient]);

  useEffect(() => {
    if (error && errorStatus(error) !== 401) {
      toast({ title: 'Failed to check authentication', variant: 'destructive' });
    }
  }, [error]);

  useEffect(() => {
    if (user) identify(user);
  }, [user]);

  const fallback = signedOutPath ? <AuthCardSkeleton /> : <AppShellSkeleton />;
  if (isLoading) return fallback;
  return <Suspense fallback={fallback}>{user ? <SignedInRoutes /> : <AuthPage />}</Suspense>;
}
