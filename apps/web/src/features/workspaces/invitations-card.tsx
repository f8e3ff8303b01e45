import type { Invitation } from '@prospector/contracts';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { zonedTimeCell } from '@/lib/zoned-time';
import { InviteForm } from './invite-form';
import { useInvitations, useRevokeInvitation } from './member-queries';
import { ROLE_LABELS } from './roles';
import { RowActionButton } from './row-action-button';

/** Admins and owners: invite by email, and the invitations not yet accepted, each revocable. */
export function InvitationsCard({ workspaceId }: { workspaceId: string }) {
  const invitations = useInvitations(workspaceId, true);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const revoke = useRevokeInvitation(workspaceId, () => setRevoking(null));

  return (
    <Card aria-labelledby="invitations-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="invitations-title">Invitations</CardTitle>
        <CardDescription>
          Invite people by email. Each link works once, by the address it was sent to.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6 px-4 sm:px-6">
        <InviteForm workspaceId={workspaceId} />
        <section aria-labelledby="pending-title" className="space-y-2">
          <h3 id="pending-title" className="font-medium text-sm">
            Pending
          </h3>
          {invitations.isPending ? (
            <Skeleton role="status" aria-label="Loading invitations" className="h-9 w-full" />
          ) : invitations.isError ? (
            <p role="alert" className="text-destructive text-sm">
              Failed to load the pending invitations.
            </p>
          ) : invitations.data.length === 0 ? (
            <p className="text-muted-foreground text-sm">No pending invitations.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead className="hidden md:table-cell">Invited by</TableHead>
                  <TableHead className="hidden sm:table-cell">Expires</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invitations.data.map((invitation) => (
                  <TableRow key={invitation.id}>
                    <TableCell className="max-w-32 truncate sm:max-w-48">{invitation.email}</TableCell>
                    <TableCell>{ROLE_LABELS[invitation.role]}</TableCell>
                    <TableCell className="hidden md:table-cell">{invitation.invitedByName}</TableCell>
                    <TableCell className="hidden text-xs sm:table-cell">
                      {zonedTimeCell(invitation.expiresAt)}
                    </TableCell>
                    <TableCell className="text-right">
                      <RowActionButton
                        icon={XIcon}
                        text="Revoke"
                        label={`Revoke the invitation to ${invitation.email}`}
                        onClick={() => setRevoking(invitation)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
      </CardContent>
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke invitation?"
        description={<>The link sent to {revoking?.email} stops working at once.</>}
        confirmLabel="Revoke invitation"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}
