import type {
  CreatedInvitation,
  CreateInvitationInput,
  Invitation,
  Member,
  WorkspaceRoleName,
} from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { WORKSPACES_KEY } from './use-workspaces';

export const membersKey = (workspaceId: string) => ['/api/workspaces', workspaceId, 'members'] as const;
export const invitationsKey = (workspaceId: string) =>
  ['/api/workspaces', workspaceId, 'invitations'] as const;

export const useMembers = (workspaceId: string) => useQuery<Member[]>({ queryKey: membersKey(workspaceId) });

/** Pending invitations; only admins and owners may read them. */
export const useInvitations = (workspaceId: string, enabled: boolean) =>
  useQuery<Invitation[]>({ queryKey: invitationsKey(workspaceId), enabled });

const errorToast = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, title), variant: 'destructive' });

export function useChangeMemberRole(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: WorkspaceRoleName }) =>
      apiJson<Member>('PATCH', `/api/workspaces/${workspaceId}/members/${userId}`, { role }),
    onSuccess: (member) => {
      queryClient.setQueryData<Member[]>(membersKey(workspaceId), (list) =>
        list?.map((m) => (m.userId === member.userId ? member : m)),
      );
      // Changing one's own role changes what the app offers.
      if (member.isYou) void queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY, exact: true });
      toast({
        title: 'Role changed',
        description: `${member.fullName || member.email} is now ${member.role}.`,
      });
    },
    onError: errorToast('Could not change the role'),
  });
}

/** Removes a member, or the person themselves (leaving). */
export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) =>
      apiJson('DELETE', `/api/workspaces/${workspaceId}/members/${member.userId}`),
    onSuccess: (_, member) => {
      if (member.isYou) return;
      queryClient.setQueryData<Member[]>(membersKey(workspaceId), (list) =>
        list?.filter((m) => m.userId !== member.userId),
      );
      void queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY, exact: true });
      toast({
        title: 'Member removed',
        description: `${member.fullName || member.email} no longer has access.`,
      });
    },
    onError: errorToast('Could not remove the member'),
  });
}

export function useInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiJson<CreatedInvitation>('POST', `/api/workspaces/${workspaceId}/invitations`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationsKey(workspaceId) });
      toast({ title: 'Invitation sent' });
    },
  });
}

export function useRevokeInvitation(workspaceId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      apiJson('DELETE', `/api/workspaces/${workspaceId}/invitations/${invitation.id}`),
    onSuccess: (_, invitation) => {
      queryClient.setQueryData<Invitation[]>(invitationsKey(workspaceId), (list) =>
        list?.filter((i) => i.id !== invitation.id),
      );
      toast({
        title: 'Invitation revoked',
        description: `The link sent to ${invitation.email} no longer works.`,
      });
      onDone();
    },
    onError: errorToast('Could not revoke the invitation'),
  });
}
