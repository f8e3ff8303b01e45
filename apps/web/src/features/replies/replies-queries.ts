import type { ClassifiedInbound, ClassifyInboundRequest, InboundMark } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

const MARKED: Record<InboundMark, string> = {
  reply: "Marked as a reply: the contact's sequence stopped.",
  auto_reply: 'Marked as an automatic reply.',
  bounce: 'Marked as a bounce: the contact will not be emailed again.',
  ignore: "Ignored: it stays in the contact's activity only.",
};

/** Marks an unclassified automated message; the Inbox and the contact's state follow. */
export function useClassifyInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, as }: { id: string; as: InboundMark }) =>
      apiJson<ClassifiedInbound>('POST', `/api/replies/${id}/classify`, {
        as,
      } satisfies ClassifyInboundRequest),
    onSuccess: async (_data, { as }) => {
      await queryClient.invalidateQueries({ queryKey: ['/api/inbox'] });
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
