import type { Contact } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { serverMessage } from '@/lib/api';
import { EditContactDialog } from '../contacts/edit-contact-dialog';
import { useSkippedContacts } from './launch-skip-queries';

/** Whom the last launch left out, each with the reason and a way to edit the contact. */
export function SkippedContactsDialog({
  sequenceId,
  sequenceName,
  open,
  onOpenChange,
}: {
  sequenceId: string;
  sequenceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Contacts not enrolled</DialogTitle>
          <DialogDescription>
            {sequenceName} was launched without them. Edit each one, then launch the sequence again: those now
            filled in are enrolled.
          </DialogDescription>
        </DialogHeader>
        {open && <SkippedContactList sequenceId={sequenceId} />}
      </DialogContent>
    </Dialog>
  );
}

function SkippedContactList({ sequenceId }: { sequenceId: string }) {
  const canChange = useCan('member');
  const skipped = useSkippedContacts(sequenceId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Contact | null>(null);
  const edit = async (contactId: string) => {
    try {
      setEditing(await queryClient.fetchQuery<Contact>({ queryKey: ['/api/contacts', contactId] }));
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to load contact'),
        variant: 'destructive',
      });
    }
  };

  if (skipped.isPending) return <Spinner className="mx-auto size-6" label="Loading contacts" />;
  if (skipped.isError) return <p className="text-destructive text-sm">Failed to load the contacts.</p>;
  const { contacts, total } = skipped.data;
  if (total === 0) {
    return <p className="text-muted-foreground text-sm">Every contact left out has been enrolled since.</p>;
  }
  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="Contacts not enrolled">
        {contacts.map((contact) => (
          <li key={contact.contactId} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-sm">{contact.email}</p>
              <p className="truncate text-muted-foreground text-xs">{contact.reason}</p>
            </div>
            {canChange && (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit ${contact.email}`}
                onClick={() => void edit(contact.contactId)}
              >
                <PencilIcon aria-hidden /> Edit
              </Button>
            )}
          </li>
        ))}
      </ul>
      {total > contacts.length && (
        <p className="text-muted-foreground text-xs">
          And {(total - contacts.length).toLocaleString('en-US')} more.
        </p>
      )}
      <EditContactDialog contact={editing} onClose={() => setEditing(null)} />
    </>
  );
}
