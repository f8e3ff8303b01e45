import type { WorkflowRunStatus, WorkflowStatus } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONE: Record<WorkflowStatus | WorkflowRunStatus, string> = {
  draft: 'bg-muted text-muted-foreground',
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  paused: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  completed: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  pending: 'bg-muted text-muted-foreground',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** A workflow's state; an active one whose lists are all gone says "Needs a list": it has nowhere to add leads. */
export function WorkflowStatusBadge({
  status,
  needsList = false,
}: {
  status: WorkflowStatus | WorkflowRunStatus;
  needsList?: boolean;
}) {
  if (needsList && status === 'active') {
    return (
      <Badge variant="outline" className={cn('border-transparent', TONE.failed)}>
        Needs a list
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className={cn('border-transparent capitalize', TONE[status])}>
      {status}
    </Badge>
  );
}
