import type { WorkspaceRoleName } from '@prospector/contracts';
import { roleAllows } from '@prospector/contracts';
import type * as React from 'react';
import { useCan, useCurrentWorkspace } from './use-workspaces';

/**
 * Shows its children only when the person's role in the current workspace allows what they do, so a page
 * never offers a change the server would refuse. `fallback` stands in for them otherwise (a read-only view).
 */
export function RequireRole({
  atLeast,
  children,
  fallback = null,
}: {
  atLeast: WorkspaceRoleName;
  children: React.ReactNode;
  fallback?: React.ReactNode;
}) {
  return <>{useCan(atLeast) ? children : fallback}</>;
}

const ROLE_PHRASE: Record<WorkspaceRoleName, string> = {
  owner: 'an owner',
  admin: 'an admin',
  member: 'a member',
  viewer: 'a viewer',
};

/** "Only an admin of this workspace or above can change this." */
export function roleNeededText(role: WorkspaceRoleName): string {
  return `Only ${ROLE_PHRASE[role]} of this workspace${role === 'owner' ? '' : ' or above'} can change this.`;
}

/** A quiet line in place of a form's or card's controls, saying why they are not offered. */
export function ReadOnlyNote({ atLeast, className }: { atLeast: WorkspaceRoleName; className?: string }) {
  const current = useCurrentWorkspace();
  // Said only once the role is known, so nobody who may change it sees the note flash by.
  if (!current || roleAllows(current.role, atLeast)) return null;
  return (
    <p className={className ?? 'text-muted-foreground text-sm'} data-testid="read-only-note">
      {roleNeededText(atLeast)}
    </p>
  );
}
