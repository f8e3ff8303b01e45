import type { WorkspaceListItem, WorkspaceNameInput } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { AUTH_ME_KEY } from '@/features/auth/use-current-user';
import { apiJson, serverMessage } from '@/lib/api';
import { PUBLIC_CONFIG_KEY } from '@/lib/public-config';
import { WORKSPACES_KEY } from './use-workspaces';

/** Where a person lands in a workspace they have just switched to. */
export const DASHBOARD_PATH = '/';

/** Queries that do not belong to a workspace: the signed-in person and the deployment's config. */
const KEPT_KEYS = new Set<unknown>([AUTH_ME_KEY[0], PUBLIC_CONFIG_KEY[0]]);
const kept = (queryKey: readonly unknown[]) =>
  KEPT_KEYS.has(queryKey[0]) || (queryKey.length === 1 && queryKey[0] === WORKSPACES_KEY[0]);

const markCurrent = (list: WorkspaceListItem[] | null | undefined, current: WorkspaceListItem) => {
  const others = (list ?? []).filter((w) => w.id !== current.id).map((w) => ({ ...w, current: false }));
  const merged = [...others, { ...current, current: true }];
  return merged.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
};

/**
 * After the session has moved to `workspace`: go to `path` (the dashboard unless a link led there) and drop
 * every cached answer of the old workspace, so nothing of it stays on screen. Pages still mounted fetch
 * theirs again in the new one.
 */
export function useEnterWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (workspace: WorkspaceListItem, path = DASHBOARD_PATH) => {
    queryClient.setQueryData<WorkspaceListItem[] | null>(WORKSPACES_KEY, (list) =>
      markCurrent(list, workspace),
    );
    navigate(path);
    // The list itself was just updated: it is refreshed rather than emptied, so the switcher keeps its name.
    void queryClient.resetQueries({ predicate: ({ queryKey }) => !kept(queryKey) });
    void queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY, exact: true });
  };
}

const errorToast = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, title), variant: 'destructive' });

/** Makes `id` the session's workspace, then enters it. */
export function useSwitchWorkspace() {
  const enter = useEnterWorkspace();
  return useMutation({
    mutationFn: (id: string) => apiJson<WorkspaceListItem>('POST', `/api/workspaces/${id}/select`),
    onSuccess: (workspace) => {
      enter(workspace);
      toast({ title: `Switched to ${workspace.name}` });
    },
    onError: errorToast('Could not switch workspace'),
  });
}

/** Creates a workspace and switches to it. */
export function useCreateWorkspace(onCreated: () => void) {
  const switchTo = useSwitchWorkspace();
  return useMutation({
    mutationFn: (input: WorkspaceNameInput) => apiJson<WorkspaceListItem>('POST', '/api/workspaces', input),
    onSuccess: (workspace) => {
      onCreated();
      switchTo.mutate(workspace.id);
    },
  });
}

export function useRenameWorkspace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkspaceNameInput) =>
      apiJson<WorkspaceListItem>('PATCH', `/api/workspaces/${id}`, input),
    onSuccess: (workspace) => {
      queryClient.setQueryData<WorkspaceListItem[] | null>(WORKSPACES_KEY, (list) =>
        list?.map((w) => (w.id === workspace.id ? { ...w, name: workspace.name } : w)),
      );
      toast({ title: 'Workspace renamed' });
    },
  });
}

/**
 * Once the person is no longer in the current workspace (they deleted it or left it), the session moves to
 * the first workspace they still have.
 */
export function useMoveToRemainingWorkspace() {
  const queryClient = useQueryClient();
  const enter = useEnterWorkspace();
  const navigate = useNavigate();
  return async (goneId: string) => {
    try {
      const list = await apiJson<WorkspaceListItem[]>('GET', '/api/workspaces');
      const next = list.find((w) => w.id !== goneId);
      if (next) {
        enter(await apiJson<WorkspaceListItem>('POST', `/api/workspaces/${next.id}/select`));
        return;
      }
    } catch {
      // The server falls back to another workspace by itself; the pages below ask it afresh.
    }
    navigate(DASHBOARD_PATH);
    void queryClient.resetQueries({ predicate: ({ queryKey }) => !KEPT_KEYS.has(queryKey[0]) });
  };
}

export function useDeleteWorkspace(id: string) {
  const moveOn = useMoveToRemainingWorkspace();
  return useMutation({
    mutationFn: (confirmName: string) => apiJson('DELETE', `/api/workspaces/${id}`, { confirmName }),
    onSuccess: async () => {
      toast({ title: 'Workspace deleted', description: 'Its records are being removed.' });
      await moveOn(id);
    },
  });
}
