import type { User } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';

export const AUTH_ME_KEY = ['/api/auth/me'] as const;
const AUTH_CHECK_STALE_MS = 5 * 60 * 1000;

/** The signed-in user, or null when signed out (401). Cached 5 minutes, never retried (spec section 7). */
export function useCurrentUser() {
  return useQuery<User | null>({
    queryKey: AUTH_ME_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    staleTime: AUTH_CHECK_STALE_MS,
    retry: false,
  });
}
