import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** One figure with its label, for the stats rows of the contacts and email lists pages. */
export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number | string;
  icon: LucideIcon;
}) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-4">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p
          className="font-semibold text-2xl tabular-nums"
          data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}
        >
          {typeof value === 'number' ? value.toLocaleString('en-US') : value}
        </p>
      </div>
    </Card>
  );
}
