import type { Member, WorkspaceListItem } from '@prospector/contracts';
import { LogOutIcon, UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { zonedTimeCell } from '@/lib/zoned-time';
import { useChangeMemberRole, useMembers, useRemoveMember } from './member-queries';
import { MemberRoleCell } from './member-role-cell';
import { canRemove } from './roles';
import { RowActionButton } from './row-action-button';
import { useMoveToRemainingWorkspace } from './workspace-mutations';

const nameOf = (member: Member) => member.fullName || member.email;

/** The workspace's members with their roles; admins and owners change roles and remove; anyone leaves. */
export function MembersCard({ workspace }: { workspace: WorkspaceListItem }) {
  const members = useMembers(workspace.id);
  const changeRole = useChangeMemberRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const moveOn = useMoveToRemainingWorkspace();
  const [removing, setRemoving] = useState<Member | null>(null);
  const leaving = removing?.isYou === true;

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: async () => {
        setRemoving(null);
        if (!leaving) return;
        toast({ title: `You left ${workspace.name}` });
        await moveOn(workspace.id);
      },
    });
  };

  return (
    <Card aria-labelledby="members-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="members-title">Members</CardTitle>
        <CardDescription>People who can open {workspace.name}, and what each may do.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {members.isPending ? (
          <div role="status" aria-label="Loading members" className="space-y-3">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : members.isError ? (
          <LoadFailed message="Failed to load the members." onRetry={() => void members.refetch()} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className="hidden md:table-cell">Joined</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.map((member) => (
                <TableRow key={member.userId}>
                  <TableCell className="max-w-32 sm:max-w-48">
                    <span className="flex items-center gap-2">
                      <span className="truncate font-medium">{nameOf(member)}</span>
                      {member.isYou && (
                        <Badge variant="outline" className="hidden sm:inline-flex">
                          You
                        </Badge>
                      )}
                    </span>
                    <span className="block truncate text-muted-foreground text-xs sm:hidden">
                      {member.isYou && 'You · '}
                      {member.email}
                    </span>
                  </TableCell>
                  <TableCell className="hidden max-w-56 truncate sm:table-cell">{member.email}</TableCell>
                  <TableCell>
                    <MemberRoleCell
                      member={member}
                      actorRole={workspace.role}
                      pending={changeRole.isPending && changeRole.variables?.userId === member.userId}
                      onChange={(role) => changeRole.mutate({ userId: member.userId, role })}
                    />
                  </TableCell>
                  <TableCell className="hidden text-xs md:table-cell">
                    {zonedTimeCell(member.joinedAt)}
                  </TableCell>
                  <TableCell className="text-right">
                    {member.isYou
                      ? // Alone in it, there is no one to leave it to: deleting is the way out.
                        members.data.length > 1 && (
                          <RowActionButton
                            icon={LogOutIcon}
                            text="Leave"
                            onClick={() => setRemoving(member)}
                          />
                        )
                      : canRemove(workspace.role, member.role) && (
                          <RowActionButton
                            icon={UserMinusIcon}
                            text="Remove"
                            label={`Remove ${nameOf(member)}`}
                            onClick={() => setRemoving(member)}
                          />
                        )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={leaving ? `Leave ${workspace.name}?` : `Remove ${removing ? nameOf(removing) : ''}?`}
        description={
          leaving
            ? 'You lose access to its mailboxes, lists and sequences at once. An admin can invite you again.'
            : 'They lose access to this workspace at once. Their account and other workspaces stay.'
        }
        confirmLabel={leaving ? 'Leave workspace' : 'Remove member'}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemoval}
      />
    </Card>
  );
}
