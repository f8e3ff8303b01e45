import type { Persona } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { usePersonaSequences, usePersonaWorkflows } from './email-list-queries';

const names = (items: { name: string; status: string }[]) =>
  items.map((item) => `"${item.name}" (${item.status})`).join(', ');

/** What loses this list: the sequences it feeds (they are unlinked) and the workflows that fill it. */
function ListUses({ personaId, open }: { personaId: string; open: boolean }) {
  const sequences = usePersonaSequences(personaId);
  const workflows = usePersonaWorkflows(personaId, open);
  if (sequences.isPending || workflows.isPending) return <Spinner label="Loading what uses this list" />;
  const usedBy = sequences.data ?? [];
  const filledBy = workflows.data ?? [];
  if (usedBy.length === 0 && filledBy.length === 0) {
    return <p className="text-muted-foreground">No sequence or workflow uses this list.</p>;
  }
  return (
    <div className="space-y-1" data-testid="list-uses">
      {usedBy.length > 0 && (
        <p>
          <strong>Sequences</strong> that enrol its contacts lose the link: {names(usedBy)}.
        </p>
      )}
      {filledBy.length > 0 && (
        <p>
          <strong>Workflows</strong> that add leads to it will need another list: {names(filledBy)}.
        </p>
      )}
    </div>
  );
}

/** The delete confirm: says plainly that the contacts are kept, and names what uses the list. */
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
      <div className="space-y-2 break-words text-sm">
        <p>
          Its {contacts} will <strong>not</strong> be deleted: they stay in Contacts, in any other email lists
          and in any sequences they are enrolled in. They are only removed from this list.
        </p>
        <ListUses personaId={persona.id} open={open} />
      </div>
    </ConfirmDialog>
  );
}
