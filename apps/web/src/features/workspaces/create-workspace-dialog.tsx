import { WORKSPACE_NAME_MAX, workspaceNameSchema } from '@prospector/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useCreateWorkspace } from './workspace-mutations';

/** A new workspace (an agency's client, say), named here; the person switches to it once it is made. */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setProblem(null);
      create.reset();
    }
    onOpenChange(next);
  };
  const create = useCreateWorkspace(() => close(false));
  const message =
    problem ?? (create.error ? serverMessage(create.error, 'Could not create the workspace') : null);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = workspaceNameSchema.safeParse({ name });
            if (!parsed.success) {
              setProblem(parsed.error.issues[0]?.message ?? 'Workspace name is required');
              return;
            }
            setProblem(null);
            create.mutate(parsed.data);
          }}
        >
          <DialogHeader>
            <DialogTitle>Create workspace</DialogTitle>
            <DialogDescription>
              A workspace has its own mailboxes, lists, sequences and members. You become its owner.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="workspace-name">Name</Label>
            <Input
              id="workspace-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Acme Inc."
              maxLength={WORKSPACE_NAME_MAX}
              autoComplete="off"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
            />
            {message && (
              <p id={errorId} role="alert" className="text-destructive text-sm">
                {message}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Create workspace
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
