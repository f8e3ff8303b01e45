import type { SequenceStatus } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONE: Record<SequenceStatus, string> = {
  draft: 'bg-muted text-muted-foreground',
  scheduled: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  running: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  published: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  completed: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  paused: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

export function SequenceStatusBadge({ status }: { status: SequenceStatus }) {
  return (
    <Badge variant="outline" className={cn('border-transparent capitalize', TONE[status])}>
      {status}
    </Badge>
  );
}
