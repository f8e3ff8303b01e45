import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AuthGate } from '@/features/auth/auth-gate';
import { initAnalytics } from '@/lib/analytics';
import { usePublicConfig } from '@/lib/public-config';
import { queryClient } from '@/lib/query-client';

const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'));
const InvitationPage = lazy(() => import('@/features/workspaces/invitation-page'));
// Radix Toast is not needed to draw the first screen: it loads right after, and the toast store keeps any
// toast raised before it mounts.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Reads the deployment's public config once and switches analytics on when it has a token. */
function PublicConfigBootstrap() {
  const { data, isError } = usePublicConfig();
  useEffect(() => {
    if (data) initAnalytics(data);
    else if (isError) initAnalytics(null);
  }, [data, isError]);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PublicConfigBootstrap />
        <Routes>
          <Route
            path="/reset-password"
            element={
              <Suspense fallback={<FullPageSpinner />}>
                <ResetPasswordPage />
              </Suspense>
            }
          />
          <Route
            path="/invitations/:token"
            element={
              <Suspense fallback={<FullPageSpinner />}>
                <InvitationPage />
              </Suspense>
            }
          />
          <Route path="*" element={<AuthGate />} />
        </Routes>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
