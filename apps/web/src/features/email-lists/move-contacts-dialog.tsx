import { MOVE_DESTINATION_REQUIRED, MOVE_SAME_LIST } from '@prospector/contracts';
import { useState } from 'react';
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
import { useMoveContacts, usePersonas } from './email-list-queries';
import { type ListSelection, selectionCount } from './list-selection';

/** Moves the selected contacts (or all) of this list to another (spec section 5 rules, section 8 toast). */
export function MoveContactsDialog({
  sourceId,
  selection,
  open,
  onOpenChange,
  onMoved,
}: {
  sourceId: string;
  selection: ListSelection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: () => void;
}) {
  const lists = usePersonas();
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    onOpenChange(false);
    setDestination('');
    setError(null);
  };
  const move = useMoveContacts(sourceId, () => {
    onMoved();
    close();
  });

  function submit() {
    if (!destination) return setError(MOVE_DESTINATION_REQUIRED);
    if (destination === sourceId) return setError(MOVE_SAME_LIST);
    setError(null);
    move.mutate({ destinationId: destination, selection });
  }

  const count = selectionCount(selection);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Move Contacts</DialogTitle>
          <DialogDescription>
            Move {count} selected {count === 1 ? 'contact' : 'contacts'} to another email list. They leave
            this list; contacts already in the destination stay where they are and are skipped.
          </DialogDescription>
        </DialogHeader>
        <TargetSelectField
          id="move-destination"
          label="Destination email list"
          placeholder="Select an email list"
          options={(lists.data ?? []).map((list) => ({
            value: list.id,
            label: list.id === sourceId ? `${list.name} (this list)` : list.name,
          }))}
          value={destination}
          onValueChange={setDestination}
          error={error}
        />
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={move.isPending || count === 0}>
            {move.isPending && <Spinner />}
            Move Contacts
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
