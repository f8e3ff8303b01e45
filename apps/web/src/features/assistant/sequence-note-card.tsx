import { ASSISTANT_LIMITS } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';

/** A sequence's note for the answer assistant, added to "About us" when it drafts answers to this sequence. */
export function SequenceNoteCard({ sequenceId }: { sequenceId: string }) {
  const canChange = useCan('member');
  const key = [`/api/sequences/${sequenceId}/assistant-note`];
  const queryClient = useQueryClient();
  const saved = useQuery<{ note: string }>({ queryKey: key });
  const [note, setNote] = useState('');
  useEffect(() => {
    if (saved.data) setNote(saved.data.note);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: () => apiJson<{ note: string }>('PUT', key[0]!, { note }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      toast({ title: 'Note Saved', description: 'The assistant uses it for replies to this sequence.' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'The note was not saved.'),
        variant: 'destructive',
      }),
  });
  const id = `sequence-note-${sequenceId}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Note for the assistant</CardTitle>
        <CardDescription>Added to "About us" when the Inbox drafts answers to this sequence.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={id} className="sr-only">
          Note for the assistant
        </Label>
        <Textarea
          id={id}
          rows={4}
          maxLength={ASSISTANT_LIMITS.sequenceNote}
          placeholder={canChange ? 'e.g. The pilot offer of this campaign: 30 days free.' : 'No note.'}
          value={note}
          disabled={saved.isPending}
          readOnly={!canChange}
          onChange={(event) => setNote(event.target.value)}
        />
        {canChange && (
          <Button
            size="sm"
            variant="outline"
            className="justify-self-start"
            onClick={() => save.mutate()}
            disabled={save.isPending || note === (saved.data?.note ?? '')}
          >
            {save.isPending ? 'Saving…' : 'Save note'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
