import { WORKSPACE_NAME_MAX, type WorkspaceListItem, workspaceNameSchema } from '@prospector/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useCan } from './use-workspaces';
import { useRenameWorkspace } from './workspace-mutations';

/** The workspace's name; admins and owners rename it. */
export function WorkspaceNameCard({ workspace }: { workspace: WorkspaceListItem }) {
  const canRename = useCan('admin');
  const [name, setName] = useState(workspace.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameWorkspace(workspace.id);
  const errorId = useId();
  const message =
    problem ?? (rename.error ? serverMessage(rename.error, 'Could not rename the workspace') : null);
  const unchanged = name.trim() === workspace.name;

  return (
    <Card aria-labelledby="workspace-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="workspace-title">Workspace</CardTitle>
        <CardDescription>
          {workspace.memberCount === 1 ? 'Only you are in it.' : `${workspace.memberCount} people are in it.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {canRename ? (
          <form
            noValidate
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              const parsed = workspaceNameSchema.safeParse({ name });
              if (!parsed.success) {
                setProblem(parsed.error.issues[0]?.message ?? 'Workspace name is required');
                return;
              }
              setProblem(null);
              rename.mutate(parsed.data);
            }}
          >
            <div className="flex-1 space-y-2">
              <Label htmlFor="workspace-rename">Name</Label>
              <Input
                id="workspace-rename"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={WORKSPACE_NAME_MAX}
                autoComplete="off"
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
              />
            </div>
            <Button type="submit" variant="outline" disabled={rename.isPending || unchanged}>
              {rename.isPending && <Spinner />}
              Rename
            </Button>
          </form>
        ) : (
          <p className="font-medium">{workspace.name}</p>
        )}
        {message && (
          <p id={errorId} role="alert" className="mt-2 text-destructive text-sm">
            {message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
