import type { ClassifiedInbound, InboundMark, RepliesResponse } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

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

const MARKED: Record<InboundMark, string> = {
  reply: "Marked as a reply: the contact's sequence stopped.",
  auto_reply: 'Marked as an automatic reply.',
  bounce: 'Marked as a bounce: the contact will not be emailed again.',
  ignore: 'Ignored: it is hidden from this list.',
};

/** Marks an unclassified automated message; the Replies list and the contact's state follow. */
export function useClassifyInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, as }: { id: string; as: InboundMark }) =>
      apiJson<ClassifiedInbound>('POST', `/api/replies/${id}/classify`, { as }),
    onSuccess: async (_data, { as }) => {
      await queryClient.invalidateQueries({ queryKey: ['/api/replies'] });
      toast({ title: 'Message Marked', description: MARKED[as] });
    },
    onError: (error) =>
      toast({
        title: 'Marking Failed',
        description: serverMessage(error, 'The message could not be marked'),
        variant: 'destructive',
      }),
  });
}
