import type { Contact } from '@prospector/contracts';
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
import { useDeleteContact } from './contact-queries';

/** Deletes one contact, after saying what goes with it. */
export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const remove = useDeleteContact(onClose);
  return (
    <Dialog open={Boolean(contact)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete contact?</DialogTitle>
          <DialogDescription>
            {contact?.email} will be deleted, removed from every email list and stopped in every sequence.
            This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => contact && remove.mutate(contact.id)}
          >
            {remove.isPending && <Spinner />}
            Delete Contact
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
