import type {
  ConversationDetail,
  ConversationSummary,
  InboxBulkStatusInput,
  InboxForwardInput,
  InboxLabel,
  InboxLabelInput,
  InboxListResponse,
  InboxMessage,
  InboxReplyInput,
  InboxTab,
  InboxUpdateInput,
  UnreadCount,
} from '@prospector/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { countOf } from '../../lib/plural';

export interface InboxFilterState {
  tab: InboxTab;
  q: string;
  mailboxId: string;
  sequenceId: string;
  status: string;
  unread: boolean;
  done: boolean;
}

export const INBOX_KEY = ['/api/inbox'] as const;
export const UNREAD_KEY = ['/api/inbox', 'unread-count'] as const;
export const LABELS_KEY = ['/api/inbox', 'labels'] as const;

function listUrl(filters: InboxFilterState, cursor: string | null) {
  const params = new URLSearchParams({ tab: filters.tab });
  if (filters.q) params.set('q', filters.q);
  if (filters.mailboxId) params.set('mailboxId', filters.mailboxId);
  if (filters.sequenceId) params.set('sequenceId', filters.sequenceId);
  if (filters.status) params.set('status', filters.status);
  if (filters.unread) params.set('unread', 'true');
  if (filters.done) params.set('done', 'true');
  if (cursor) params.set('cursor', cursor);
  return `/api/inbox/conversations?${params}`;
}

/** Conversations of a tab, newest first, a page at a time; kept fresh while the page is open. */
export const useConversations = (filters: InboxFilterState) =>
  useInfiniteQuery({
    queryKey: [...INBOX_KEY, 'list', filters],
    queryFn: ({ pageParam }) => apiJson<InboxListResponse>('GET', listUrl(filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 30_000,
  });

export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: [...INBOX_KEY, 'conversation', id],
    queryFn: () => apiJson<ConversationDetail>('GET', `/api/inbox/conversations/${id}`),
    enabled: Boolean(id),
  });

/** The sidebar's count of unread conversations, refreshed without a reload. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => apiJson<UnreadCount>('GET', '/api/inbox/unread-count'),
    refetchInterval: 30_000,
  });

export const useLabels = () =>
  useQuery({
    queryKey: LABELS_KEY,
    queryFn: async () => (await apiJson<{ labels: InboxLabel[] }>('GET', '/api/inbox/labels')).labels,
  });

const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });

export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: InboxUpdateInput }) =>
      apiJson<ConversationSummary>('PATCH', `/api/inbox/conversations/${id}`, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
    onError: failed('Update Failed', 'The conversation could not be updated'),
  });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InboxBulkStatusInput) =>
      apiJson<{ updated: number }>('POST', '/api/inbox/conversations/status', input),
    onSuccess: async ({ updated }) => {
      await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      toast({
        title: 'Status Changed',
        description: `${countOf(updated, 'contact', 'contacts')} updated.`,
      });
    },
    onError: failed('Update Failed', 'The statuses could not be changed'),
  });
}

export function useReply(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiJson<InboxMessage>('POST', `/api/inbox/conversations/${conversationId}/reply`, {
        text,
      } satisfies InboxReplyInput),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      toast({ title: 'Reply Sent', description: 'It is in the same thread, from the same mailbox.' });
    },
    onError: failed('Reply Not Sent', 'The reply could not be sent'),
  });
}

export function useForward(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InboxForwardInput) =>
      apiJson<InboxMessage>('POST', `/api/inbox/conversations/${conversationId}/forward`, input),
    onSuccess: async (_message, { to }) => {
      await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      toast({ title: 'Forwarded', description: `Sent to ${to}.` });
    },
    onError: failed('Forward Failed', 'The conversation could not be forwarded'),
  });
}

export function useCreateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InboxLabelInput) => apiJson<InboxLabel>('POST', '/api/inbox/labels', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LABELS_KEY }),
    onError: failed('Label Not Created', 'The label could not be created'),
  });
}
