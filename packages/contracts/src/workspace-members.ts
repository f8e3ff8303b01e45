import { z } from 'zod';
import { TEXT_LIMITS } from './text-limits';
import { workspaceRoleSchema } from './workspaces';

/** GET /api/workspaces/{id}/members. */
export const memberSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  joinedAt: z.string(),
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** PATCH /api/workspaces/{id}/members/{userId}. */
export const changeMemberRoleSchema = z.object({ role: workspaceRoleSchema });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

/** Roles an invitation may carry: ownership is handed on to a member, never sent by email. */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const;

/** POST /api/workspaces/{id}/invitations. */
export const createInvitationSchema = z.object({
  email: z
    .string({ message: 'Invalid email address' })
    .trim()
    .toLowerCase()
    .regex(z.regexes.email, 'Invalid email address')
    .max(TEXT_LIMITS.email, 'Email is too long'),
  role: z.enum(INVITABLE_ROLES, { message: 'Choose a role' }),
});
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const INVITATION_TTL_DAYS = 7;

/** GET /api/workspaces/{id}/invitations: the pending ones. */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  invitedByName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export interface CreatedInvitation {
  id: string;
  acceptUrl: string;
}

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;

/** GET /api/invitations/{token}: what the link's page shows, signed in or not. */
export interface InvitationPreview {
  workspaceName: string;
  role: z.infer<typeof workspaceRoleSchema>;
  email: string;
  invitedByName: string;
  status: (typeof INVITATION_STATUSES)[number];
}
