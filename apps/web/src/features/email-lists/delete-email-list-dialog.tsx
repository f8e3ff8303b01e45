import type { Persona } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** The delete confirm: says plainly that the contacts are kept and only leave this list. */
export function DeleteEmailListDialog({
  persona,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  persona: Persona;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  const n = persona.contactCount;
  const contacts = `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete email list?"
      description={<>The email list "{persona.name}" will be deleted. This cannot be undone.</>}
      confirmLabel="Delete Email List"
      destructive
      pending={pending}
      onConfirm={onConfirm}
    >
      <div className="space-y-2 text-sm">
        <p>
          Its {contacts} will <strong>not</strong> be deleted: they stay in Contacts, in any other email lists
          and in any sequences they are enrolled in. They are only removed from this list.
        </p>
        <p className="text-muted-foreground">Sequences that use this list will no longer be linked to it.</p>
      </div>
    </ConfirmDialog>
  );
}
