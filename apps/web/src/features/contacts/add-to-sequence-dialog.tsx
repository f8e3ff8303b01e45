import { SELECT_SEQUENCE_MESSAGE } from '@prospector/contracts';
import { RepeatIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TargetSelectField } from '@/components/target-select-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEnrollContacts, useSequences } from './contact-queries';

/** Enrolls contacts in one of the user's sequences; an empty state when there are none. */
export function AddToSequenceDialog({
  contactIds,
  onClose,
}: {
  contactIds: string[] | null;
  onClose: () => void;
}) {
  const sequences = useSequences();
  const [sequenceId, setSequenceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setSequenceId('');
    setError(null);
    onClose();
  };
  const enroll = useEnrollContacts(close);
  const count = contactIds?.length ?? 0;

  function submit() {
    if (!sequenceId) return setError(SELECT_SEQUENCE_MESSAGE);
    if (contactIds) enroll.mutate({ sequenceId, contactIds });
  }

  const none = sequences.isSuccess && sequences.data.length === 0;
  return (
    <Dialog open={contactIds !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add to Sequence</DialogTitle>
          <DialogDescription>
            Enroll {count} {count === 1 ? 'contact' : 'contacts'} in a sequence. Contacts already in it,
            unsubscribed, bounced or blacklisted are skipped.
          </DialogDescription>
        </DialogHeader>
        {sequences.isPending ? (
          <Spinner label="Loading sequences" />
        ) : none ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <RepeatIcon className="size-6 text-muted-foreground" aria-hidden />
            <p className="font-medium text-sm">No sequences yet</p>
            <p className="text-muted-foreground text-sm">Create a sequence first, then add contacts to it.</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/sequences">Go to Sequences</Link>
            </Button>
          </div>
        ) : (
          <TargetSelectField
            id="sequence-select"
            label="Sequence"
            placeholder="Select a sequence"
            options={(sequences.data ?? []).map((sequence) => ({ value: sequence.id, label: sequence.name }))}
            value={sequenceId}
            onValueChange={setSequenceId}
            error={error}
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          {!none && (
            <Button onClick={submit} disabled={enroll.isPending || count === 0}>
              {enroll.isPending && <Spinner />}
              Add to Sequence
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
