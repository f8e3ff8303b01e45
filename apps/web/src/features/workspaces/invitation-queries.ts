import type { InvitationPreview, WorkspaceListItem } from '@prospector/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

const path = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** What an invitation link is for; readable signed out. */
export const useInvitationPreview = (token: string) =>
  useQuery<InvitationPreview>({
    queryKey: ['/api/invitations', token],
    queryFn: () => apiJson<InvitationPreview>('GET', path(token)),
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: () => apiJson<WorkspaceListItem>('POST', `${path(token)}/accept`),
  });
