import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AFTER_SIGN_IN_PATH, type LOGGED_OUT_STATE } from '@/features/auth/auth-paths';

/** The signed-in route table of spec section 2. Each screen is its own chunk. */
const ROUTE_TABLE = [
  { path: 'sequences', Page: lazy(() => import('@/pages/sequences-page')) },
  { path: 'sequences/:id', Page: lazy(() => import('@/pages/sequence-detail-page')) },
  { path: 'templates/:templateId/preview', Page: lazy(() => import('@/pages/template-preview-page')) },
  { path: 'contacts', Page: lazy(() => import('@/pages/contacts-page')) },
  { path: 'personas', Page: lazy(() => import('@/pages/email-lists-page')) },
  { path: 'personas/:id', Page: lazy(() => import('@/pages/email-list-detail-page')) },
  { path: 'integrations/gsuite', Page: lazy(() => import('@/pages/google-workspace-page')) },
  { path: 'connection/gmail', Page: lazy(() => import('@/pages/gmail-connection-page')) },
  { path: 'sandbox/inbox', Page: lazy(() => import('@/pages/sandbox-inbox-page')) },
  { path: 'contacts-hub/leads-finder', Page: lazy(() => import('@/pages/leads-finder-page')) },
  { path: 'campaign-builder/email-sending', Page: lazy(() => import('@/pages/email-sending-page')) },
  { path: 'campaign-builder/replies', Page: lazy(() => import('@/pages/replies-page')) },
  { path: 'workflows', Page: lazy(() => import('@/pages/workflows-page')) },
  { path: 'workflows/create', Page: lazy(() => import('@/pages/create-workflow-page')) },
  { path: 'workflows/:id', Page: lazy(() => import('@/pages/edit-workflow-page')) },
  { path: 'integrations', Page: lazy(() => import('@/pages/integrations-page')) },
  { path: 'settings', Page: lazy(() => import('@/pages/settings-page')) },
  { path: 'settings/api-reference', Page: lazy(() => import('@/pages/api-reference-page')) },
] as const;

const NotFoundPage = lazy(() => import('@/pages/not-found-page'));

/** /login and /signup take a signed-in user to /connection/gmail; right after logout they wait instead. */
function SignedInRedirect() {
  const { state } = useLocation();
  const loggingOut = (state as typeof LOGGED_OUT_STATE | null)?.loggedOut === true;
  if (loggingOut) return <FullPageSpinner />;
  return <Navigate to={AFTER_SIGN_IN_PATH} replace />;
}

export default function SignedInRoutes() {
  return (
    <Routes>
      <Route path="login" element={<SignedInRedirect />} />
      <Route path="signup" element={<SignedInRedirect />} />
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to="/personas" replace />} />
        {ROUTE_TABLE.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
