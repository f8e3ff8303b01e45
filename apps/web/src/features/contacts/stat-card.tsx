import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * One figure with its label, for the stats rows of the contacts and email lists pages. Without a value (still
 * loading) it shows a placeholder, never a 0 the figure is not known to be.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number | string | undefined;
  icon: LucideIcon;
}) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-4">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-muted-foreground text-sm">{label}</p>
        <div
          className="font-semibold text-2xl tabular-nums"
          data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}
        >
          {value === undefined ? (
            <Skeleton className="my-1 h-6 w-12" role="status" aria-label="Loading" />
          ) : typeof value === 'number' ? (
            value.toLocaleString('en-US')
          ) : (
            value
          )}
        </div>
      </div>
    </Card>
  );
}
