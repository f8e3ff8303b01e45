import type { ActivityPage } from '@prospector/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

const PAGE_SIZE = 50;

/** The workspace's activity, newest first, a page at a time by the server's cursor. */
export function useActivity(workspaceId: string | undefined) {
  return useInfiniteQuery({
    queryKey: ['/api/workspaces', workspaceId, 'activity'],
    enabled: Boolean(workspaceId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return apiJson<ActivityPage>('GET', `/api/workspaces/${workspaceId}/activity?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
