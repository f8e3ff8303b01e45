import { Skeleton } from '@/components/ui/skeleton';
import { DeleteWorkspaceCard } from './delete-workspace-card';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { useCan, useCurrentWorkspace } from './use-workspaces';
import { WorkspaceNameCard } from './workspace-name-card';

/** Settings → Team: the current workspace's name, members, invitations and, for owners, its deletion. */
export function TeamSettings() {
  const workspace = useCurrentWorkspace();
  const isAdmin = useCan('admin');
  const isOwner = useCan('owner');
  if (!workspace) {
    return (
      <div role="status" aria-label="Loading the team" className="space-y-4">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  // Keyed by workspace: a switch starts every form and list afresh.
  return (
    <div key={workspace.id} className="space-y-6">
      <WorkspaceNameCard workspace={workspace} />
      <MembersCard workspace={workspace} />
      {isAdmin && <InvitationsCard workspaceId={workspace.id} />}
      {isOwner && <DeleteWorkspaceCard workspace={workspace} />}
    </div>
  );
}
