import type { LocateRecordQuery, WorkspaceListItem } from '@prospector/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect } from 'react';
import { useLocation } from 'react-router';
import { RecordUnavailable } from '@/components/record-unavailable';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { useEnterWorkspace } from './workspace-mutations';

type Props = ComponentProps<typeof RecordUnavailable> & { record: LocateRecordQuery };

/**
 * A detail page whose record is not in the current workspace: when another of the person's workspaces holds
 * it (a link a teammate shared), the session switches there and the page shows it; otherwise, not found.
 */
export function RecordInAnotherWorkspace({ record, ...unavailable }: Props) {
  const location = useLocation();
  const enter = useEnterWorkspace();
  const search = new URLSearchParams(record).toString();
  const located = useQuery({
    queryKey: ['/api/workspaces/locate', record.kind, record.id],
    queryFn: () => apiJson<WorkspaceListItem>('GET', `/api/workspaces/locate?${search}`),
    enabled: unavailable.missing,
    retry: false,
  });
  const switchThere = useMutation({
    mutationFn: (id: string) => apiJson<WorkspaceListItem>('POST', `/api/workspaces/${id}/select`),
    onSuccess: (workspace) => {
      enter(workspace, location.pathname + location.search);
      toast({ title: `Switched to ${workspace.name}` });
    },
  });
  // Found in the current workspace means it was not found for another reason: no switch, no loop.
  const target = located.data && !located.data.current ? located.data.id : undefined;
  const { mutate, isIdle } = switchThere;
  useEffect(() => {
    if (target && isIdle) mutate(target);
  }, [target, isIdle, mutate]);

  if (unavailable.missing && (located.isPending || target) && !switchThere.isError) {
    return (
      <div className="flex justify-center p-16">
        <Spinner className="size-6" label="Looking in your other workspaces" />
      </div>
    );
  }
  return <RecordUnavailable {...unavailable} />;
}
