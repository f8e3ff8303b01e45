import { z } from 'zod';

export const WORKSPACE_ROLE_VALUES = ['owner', 'admin', 'member', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLE_VALUES, { message: 'Choose a role' });
export type WorkspaceRoleName = z.infer<typeof workspaceRoleSchema>;

/** A workspace as its member sees it: with their own role there. */
export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: workspaceRoleSchema,
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const WORKSPACE_NAME_MAX = 100;
export const workspaceNameSchema = z.object({
  name: z
    .string({ message: 'Workspace name is required' })
    .trim()
    .min(1, 'Workspace name is required')
    .max(WORKSPACE_NAME_MAX, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`),
});
export type WorkspaceNameInput = z.infer<typeof workspaceNameSchema>;
