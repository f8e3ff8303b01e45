import type {
  MoveMailboxResult,
  SequenceStrandedMailboxes,
  StrandedMailbox,
  ThreadChoice,
} from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { countOf } from '../../lib/plural';

export const strandedKey = (sequenceId: string) =>
  ['/api/sequences', sequenceId, 'stranded-mailboxes'] as const;

function resultText(result: MoveMailboxResult) {
  const parts = [`${countOf(result.movedEmails, 'email', 'emails')} moved`];
  if (result.newThreads > 0) parts.push(`${result.newThreads} continue in a new thread`);
  if (result.leftWaiting > 0) parts.push(`${countOf(result.leftWaiting, 'contact', 'contacts')} still wait`);
  return parts.join(', ');
}

/**
 * Moves a stranded mailbox's enrolments to another connected mailbox of the sequence. Contacts whose
 * conversation already started from the old mailbox can only continue in that Gmail thread from it: they
 * wait for it, or continue in a new thread from the new mailbox, as the user chooses.
 */
export function MoveMailboxDialog({
  sequenceId,
  stranded,
  targets,
  onOpenChange,
}: {
  sequenceId: string;
  stranded: StrandedMailbox | null;
  targets: SequenceStrandedMailboxes['targets'];
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string>('');
  const [choice, setThreads] = useState<ThreadChoice | null>(null);
  // A removed mailbox never comes back as the same record: moving into a new thread is the useful default.
  const threads = choice ?? (stranded?.state === 'removed' ? 'new_thread' : 'wait');
  const chosen = target || targets[0]?.accountId || '';
  const move = useMutation({
    mutationFn: () =>
      apiJson<MoveMailboxResult>('POST', `/api/sequences/${sequenceId}/move-mailbox`, {
        fromAccountId: stranded?.accountId ?? null,
        toAccountId: chosen,
        threads,
      }),
    onSuccess: async (result) => {
      toast({ title: 'Emails moved', description: resultText(result) });
      await queryClient.invalidateQueries({ queryKey: strandedKey(sequenceId) });
      onOpenChange(false);
    },
    onError: (error) =>
      toast({
        title: 'Move failed',
        description: serverMessage(error, 'Failed to move the emails'),
        variant: 'destructive',
      }),
  });
  const threaded = stranded?.threadedEnrolments ?? 0;
  return (
    <ConfirmDialog
      open={stranded !== null}
      onOpenChange={onOpenChange}
      title="Move waiting emails"
      description={`The emails of ${countOf(stranded?.enrolments ?? 0, 'contact', 'contacts')} will leave from another mailbox of this sequence.`}
      confirmLabel="Move emails"
      pending={move.isPending}
      onConfirm={() => chosen && move.mutate()}
    >
      <div className="grid gap-4 text-sm">
        <div className="grid gap-2">
          <Label htmlFor="move-target">Send from</Label>
          <Select value={chosen} onValueChange={setTarget}>
            <SelectTrigger id="move-target" className="w-full">
              <SelectValue placeholder="Choose a mailbox" />
            </SelectTrigger>
            <SelectContent>
              {targets.map((box) => (
                <SelectItem key={box.accountId} value={box.accountId}>
                  {box.email}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {threaded > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium">
              {threaded} contact{threaded === 1 ? ' has' : 's have'} a conversation started from the old
              mailbox
            </legend>
            <p className="text-muted-foreground">A thread continues only from the mailbox that started it.</p>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="threads"
                checked={threads === 'wait'}
                onChange={() => setThreads('wait')}
              />
              <span>
                {stranded?.state === 'removed'
                  ? 'Leave them waiting (the mailbox was removed: they wait until you move them)'
                  : 'Leave them waiting for the old mailbox to be reconnected'}
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="threads"
                checked={threads === 'new_thread'}
                onChange={() => setThreads('new_thread')}
              />
              <span>Move them too: their next emails start a new thread</span>
            </label>
          </fieldset>
        )}
      </div>
    </ConfirmDialog>
  );
}
