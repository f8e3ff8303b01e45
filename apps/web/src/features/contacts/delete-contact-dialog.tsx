import type { Contact } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteContact } from './contact-queries';

/** Deletes one contact, after saying what goes with it. */
export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const remove = useDeleteContact(onClose);
  return (
    <ConfirmDialog
      open={Boolean(contact)}
      onOpenChange={(open) => !open && onClose()}
      title="Delete contact?"
      description={
        <>
          {contact?.email} will be deleted, removed from every email list and stopped in every sequence. This
          cannot be undone.
        </>
      }
      confirmLabel="Delete Contact"
      destructive
      pending={remove.isPending}
      onConfirm={() => contact && remove.mutate(contact.id)}
    />
  );
}
