import { roleAllows, type WorkspaceListItem, type WorkspaceRoleName } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';

export const WORKSPACES_KEY = ['/api/workspaces'] as const;

/** The signed-in person's workspaces, with their role in each; `current` marks the session's. */
export function useWorkspaces() {
  return useQuery<WorkspaceListItem[] | null>({
    queryKey: WORKSPACES_KEY,
    queryFn: getQueryFn<WorkspaceListItem[]>({ on401: 'returnNull' }),
    staleTime: 60_000,
  });
}

export function useCurrentWorkspace(): WorkspaceListItem | undefined {
  return useWorkspaces().data?.find((workspace) => workspace.current);
}

/**
 * Whether the person's role in the current workspace allows what a control does. False until the role is
 * known, so a viewer never sees a button flash by; the server refuses regardless.
 */
export function useCan(needed: WorkspaceRoleName): boolean {
  const current = useCurrentWorkspace();
  return current ? roleAllows(current.role, needed) : false;
}
