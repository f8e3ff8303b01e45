import type { EmailSendRow } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';

/** Retry on a failed email that can be sent again: it goes back to the queue, due now. */
export function RetrySendButton({ row }: { row: EmailSendRow }) {
  const canChange = useCan('member');
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => apiJson('POST', `/api/email-sends/${row.id}/retry`),
    onSuccess: async () => {
      toast({
        title: 'Email queued again',
        description: `${row.contactEmail} is emailed at the next opportunity.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/email-sends'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/queue/status'] }),
      ]);
    },
    onError: (error) =>
      toast({
        title: 'Retry failed',
        description: serverMessage(error, 'Failed to retry the email'),
        variant: 'destructive',
      }),
  });
  if (!canChange) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      className="mt-1.5"
      disabled={retry.isPending}
      onClick={() => retry.mutate()}
    >
      {retry.isPending ? <Spinner /> : <RotateCcwIcon aria-hidden />}
      Retry
    </Button>
  );
}
