import type { Persona } from '@prospector/contracts';
import { PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
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
import { cn } from '@/lib/utils';
import { EmailListFormDialog } from '../email-lists/email-list-form-dialog';
import { useCreatePersona, usePersonas } from '../email-lists/email-list-queries';

/** Picks the email list to add leads to (each list's name, industry and job title), or creates one for them. */
export function EmailListPickerDialog({
  open,
  description,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  description: string;
  onOpenChange: (open: boolean) => void;
  onPick: (list: Persona) => void;
}) {
  const lists = usePersonas();
  const [chosen, setChosen] = useState<string | null>(null);
  // Lists made since the page loaded (in another tab, say) show up each time the picker opens.
  const { refetch } = lists;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  const close = () => {
    setChosen(null);
    onOpenChange(false);
  };
  const list = lists.data?.find((candidate) => candidate.id === chosen);
  const [creating, setCreating] = useState(false);
  const create = useCreatePersona((persona) => {
    setCreating(false);
    onPick(persona);
    close();
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add to Email List</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {lists.isPending ? (
          <Spinner label="Loading email lists" />
        ) : lists.isError ? (
          <p className="text-destructive text-sm">Failed to fetch email lists</p>
        ) : lists.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No email lists found. Create one first in Contacts.{' '}
            <Link to="/personas" className="font-medium text-primary underline-offset-4 hover:underline">
              Go to Email Lists
            </Link>
          </p>
        ) : (
          <ul aria-label="Email lists" className="grid max-h-80 gap-2 overflow-y-auto pr-1">
            {lists.data.map((candidate) => (
              <li key={candidate.id} className="grid">
                <button
                  type="button"
                  aria-pressed={candidate.id === chosen}
                  onClick={() => setChosen(candidate.id)}
                  className={cn(
                    'rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    candidate.id === chosen && 'border-primary bg-primary/5',
                  )}
                >
                  <span className="block truncate font-medium text-sm">{candidate.name}</span>
                  <span className="block truncate text-muted-foreground text-xs">
                    {candidate.industry} · {candidate.jobTitle}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter className="gap-2 sm:justify-between">
          <Button variant="outline" onClick={() => setCreating(true)}>
            <PlusIcon /> Create New Email List
          </Button>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!list}
            onClick={() => {
              if (!list) return;
              onPick(list);
              close();
            }}
          >
            Add to List
          </Button>
        </DialogFooter>
      </DialogContent>
      <EmailListFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create New Email List"
        description="The leads are added to the new list."
        nameLabel="Email List Name"
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input)}
      />
    </Dialog>
  );
}
