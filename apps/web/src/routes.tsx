import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { afterSignInPath, type LOGGED_OUT_STATE } from '@/features/auth/auth-paths';
import { setRoutePreloader } from '@/lib/route-preload';
import { preloadRoute, ROUTE_TABLE } from '@/route-table';

export { preloadRoute, preloadRouteCode } from '@/route-table';

setRoutePreloader(preloadRoute);

/** One lazy component per route of the table, made once. */
const PAGES = ROUTE_TABLE.map(({ path, load }) => ({ path, Page: lazy(load) }));

const NotFoundPage = lazy(() => import('@/pages/not-found-page'));

/**
 * /login and /signup take a signed-in user to their `next` path or /connection/gmail; right after logout
 * they wait instead.
 */
function SignedInRedirect() {
  const { state, search } = useLocation();
  const loggingOut = (state as typeof LOGGED_OUT_STATE | null)?.loggedOut === true;
  if (loggingOut) return <FullPageSpinner />;
  return <Navigate to={afterSignInPath(search)} replace />;
}

/** /mailboxes is the mailboxes page's plain name; the page keeps the spec's /connection/gmail. */
function MailboxesRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/connection/gmail', search, hash }} replace />;
}

export default function SignedInRoutes() {
  return (
    <Routes>
      <Route path="login" element={<SignedInRedirect />} />
      <Route path="signup" element={<SignedInRedirect />} />
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to="/personas" replace />} />
        <Route path="mailboxes" element={<MailboxesRedirect />} />
        {PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
