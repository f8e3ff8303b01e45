import type { RepliesResponse } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export const repliesKey = (includeAutoReplies: boolean) => ['/api/replies', { includeAutoReplies }] as const;

/** Replies to sequence emails, newest first; auto-replies only when asked for. */
export const useReplies = (includeAutoReplies: boolean) =>
  useQuery({
    queryKey: repliesKey(includeAutoReplies),
    queryFn: () =>
      apiJson<RepliesResponse>('GET', `/api/replies${includeAutoReplies ? '?includeAutoReplies=true' : ''}`),
    // Replies arrive through the mailbox poller; keep the list fresh while it is open.
    refetchInterval: 30_000,
  });
