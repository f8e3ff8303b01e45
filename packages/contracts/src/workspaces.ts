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

/** GET /api/workspaces: each of the person's workspaces, oldest first; `current` is the session's. */
export const workspaceListItemSchema = workspaceSchema.extend({
  current: z.boolean(),
  memberCount: z.number().int(),
});
export type WorkspaceListItem = z.infer<typeof workspaceListItemSchema>;

/** DELETE /api/workspaces/{id}: the owner types the workspace's name to confirm. */
export const deleteWorkspaceSchema = z.object({
  confirmName: z.string({ message: 'Type the workspace name to confirm' }),
});
export type DeleteWorkspaceInput = z.infer<typeof deleteWorkspaceSchema>;

/** One line of GET /api/workspaces/{id}/activity. */
export const activityItemSchema = z.object({
  id: z.uuid(),
  actorName: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.nullable(z.string()),
  subjectName: z.string(),
  occurredAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export interface ActivityPage {
  items: ActivityItem[];
  nextCursor: string | null;
}

/** Each role may do everything the roles after it may: owner > admin > member > viewer. */
const ROLE_RANK: Record<WorkspaceRoleName, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };

export function roleAllows(role: WorkspaceRoleName, needed: WorkspaceRoleName): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}

/** GET /api/workspaces/{id}/activity's query: `before` is the previous page's `nextCursor`. */
export const activityQuerySchema = z.object({
  before: z.string().max(200, 'before is not a valid cursor').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(50),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** Records a link can point at, for finding which of the person's workspaces holds one. */
export const LOCATABLE_RECORDS = ['sequence', 'list', 'template', 'workflow', 'contact'] as const;
export const locateRecordSchema = z.object({
  kind: z.enum(LOCATABLE_RECORDS, { message: 'Unknown kind of record' }),
  id: z.uuid({ message: 'Record not found' }),
});
export type LocateRecordQuery = z.infer<typeof locateRecordSchema>;
