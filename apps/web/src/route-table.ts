import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { PERSONAS_KEY } from '@/features/email-lists/email-list-queries';
import { MAILBOXES_KEY } from '@/features/mailboxes/mailbox-queries';
import { ONBOARDING_KEY } from '@/features/onboarding/onboarding-queries';
import { SEQUENCES_KEY } from '@/features/sequences/sequence-queries';
import { WORKSPACES_KEY } from '@/features/workspaces/use-workspaces';

interface RouteEntry {
  path: string;
  load: () => Promise<{ default: React.ComponentType }>;
  /** The queries the page asks for first, fetched ahead with its code. */
  data?: readonly (readonly string[])[];
}

/** The signed-in route table of spec section 2. Each screen is its own chunk. */
export const ROUTE_TABLE: RouteEntry[] = [
  { path: 'sequences', load: () => import('@/pages/sequences-page'), data: [SEQUENCES_KEY] },
  { path: 'sequences/:id', load: () => import('@/pages/sequence-detail-page') },
  { path: 'templates/:templateId/preview', load: () => import('@/pages/template-preview-page') },
  { path: 'contacts', load: () => import('@/pages/contacts-page') },
  { path: 'personas', load: () => import('@/pages/email-lists-page'), data: [PERSONAS_KEY] },
  { path: 'personas/:id', load: () => import('@/pages/email-list-detail-page') },
  { path: 'integrations/gsuite', load: () => import('@/pages/google-workspace-page') },
  {
    path: 'connection/gmail',
    load: () => import('@/pages/gmail-connection-page'),
    data: [MAILBOXES_KEY, ONBOARDING_KEY],
  },
  { path: 'sandbox/inbox', load: () => import('@/pages/sandbox-inbox-page') },
  { path: 'contacts-hub/leads-finder', load: () => import('@/pages/leads-finder-page') },
  { path: 'campaign-builder/email-sending', load: () => import('@/pages/email-sending-page') },
  { path: 'campaign-builder/replies', load: () => import('@/pages/replies-page') },
  { path: 'workflows', load: () => import('@/pages/workflows-page') },
  { path: 'workflows/create', load: () => import('@/pages/create-workflow-page') },
  { path: 'workflows/:id', load: () => import('@/pages/edit-workflow-page') },
  { path: 'integrations', load: () => import('@/pages/integrations-page') },
  { path: 'settings', load: () => import('@/pages/settings-page') },
  { path: 'settings/api-reference', load: () => import('@/pages/api-reference-page') },
  { path: 'settings/team', load: () => import('@/pages/settings-page'), data: [WORKSPACES_KEY] },
  { path: 'activity', load: () => import('@/pages/activity-page'), data: [WORKSPACES_KEY] },
];

/**
 * Starts loading the code of the page at `to` and its first queries, so following the link shows the page
 * without a wait. Loading twice costs nothing: the browser keeps each chunk, the cache each query.
 */
export function preloadRoute(queryClient: QueryClient, to: string) {
  const route = preloadRouteCode(to);
  for (const queryKey of route?.data ?? []) void queryClient.prefetchQuery({ queryKey });
}

/** Starts loading only the code of the page at `to` (before the session is known, say). */
export function preloadRouteCode(to: string): RouteEntry | undefined {
  const pathname = to.split(/[?#]/)[0] ?? to;
  // A literal path ("workflows/create") wins over a pattern that also matches it ("workflows/:id").
  const matches = ROUTE_TABLE.filter((route) => matchPath(`/${route.path}`, pathname));
  const route = matches.find((r) => !r.path.includes(':')) ?? matches[0];
  route?.load().catch(() => {
    // A failed preload is tried again by React.lazy when the page renders.
  });
  return route;
}
