import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isAccessLost, reloadAtHome } from './access-lost';
import { throwIfResNotOk } from './api';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GETs the query key's segments joined with '/'. With on401 'returnNull' a 401 resolves to null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) {
      // Read the body all the same: an unread answer keeps the request open in the browser's network view.
      await res.text().catch(() => '');
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * A query's `meta` that marks it as summing up the user's data as a whole (the "Get started" checklist):
 * it is refreshed after every successful change, wherever in the app the change was made.
 */
export const REFRESH_AFTER_CHANGES = { refreshAfterChanges: true } as const;

/**
 * Spec section 9: cached data never goes stale, no refetch on focus, no polling, no retries. Queries marked
 * REFRESH_AFTER_CHANGES are the exception: any successful mutation refreshes them.
 *
 * A 403 saying the person lost access to the session's workspace, from any request, drops everything cached
 * and calls `onAccessLost` (by default the app starts afresh at home, in a workspace of theirs).
 */
export function createQueryClient({
  onAccessLost = reloadAtHome,
}: {
  onAccessLost?: () => void;
} = {}): QueryClient {
  let leaving = false;
  const leaveIfAccessLost = (error: unknown) => {
    if (leaving || !isAccessLost(error)) return;
    leaving = true;
    client.clear();
    onAccessLost();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: leaveIfAccessLost }),
    mutationCache: new MutationCache({
      onError: leaveIfAccessLost,
      // Not awaited: the mutation's own onSuccess need not wait for the refresh.
      onSuccess: () => {
        void client.invalidateQueries({ predicate: (query) => query.meta?.refreshAfterChanges === true });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
