import type { WorkspaceListItem } from '@prospector/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage } from '@/lib/api';
import { useDeleteWorkspace } from './workspace-mutations';

/** The owner's danger zone: deleting the workspace and everything in it, after typing its name. */
export function DeleteWorkspaceCard({ workspace }: { workspace: WorkspaceListItem }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteWorkspace(workspace.id);
  const hintId = useId();
  const matches = typed.trim() === workspace.name;
  const setDialogOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      remove.reset();
    }
  };

  return (
    <Card aria-labelledby="danger-title" className="border-destructive/40">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="danger-title" className="text-destructive">
          Danger zone
        </CardTitle>
        <CardDescription>
          Deleting the workspace removes its mailboxes, lists, contacts, sequences, templates and members for
          everyone. It cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Button variant="destructive" onClick={() => setDialogOpen(true)}>
          Delete workspace
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setDialogOpen}
        title={`Delete ${workspace.name}?`}
        description="Everything in it is removed for every member. This cannot be undone."
        confirmLabel="Delete workspace"
        destructive
        pending={remove.isPending}
        disabled={!matches}
        disabledReasonId={hintId}
        onConfirm={() => remove.mutate(typed.trim(), { onSuccess: () => setOpen(false) })}
      >
        <div className="space-y-2">
          <Label htmlFor="delete-confirm-name">
            Type <span className="font-semibold">{workspace.name}</span> to confirm
          </Label>
          <Input
            id="delete-confirm-name"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            aria-describedby={hintId}
          />
          {!matches && (
            <p id={hintId} className="sr-only">
              The name must match to delete.
            </p>
          )}
          {remove.error && (
            <p role="alert" className="text-destructive text-sm">
              {serverMessage(remove.error, 'Could not delete the workspace')}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </Card>
  );
}
