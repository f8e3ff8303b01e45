import { SENDER_HEALTH_LABELS, type SenderHealthSummary } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const DOT = {
  good: 'bg-emerald-500',
  at_risk: 'bg-amber-400',
  failing: 'bg-red-500',
  unknown: 'bg-slate-400',
};

/** "Could not check" when a check was made but none of its lookups answered; "Not checked" before any. */
export function senderHealthLabel(health: Pick<SenderHealthSummary, 'status' | 'checkedAt'>): string {
  if (health.status === 'unknown' && health.checkedAt) return 'Could not check';
  return SENDER_HEALTH_LABELS[health.status];
}

/** The card's sender-health badge: good, at risk, failing, not checked or could not check. */
export function SenderHealthBadge({ health }: { health: SenderHealthSummary }) {
  const label = senderHealthLabel(health);
  return (
    <Badge variant="outline" data-sender-health={health.status}>
      <span className={cn('size-2 rounded-full', DOT[health.status])} aria-hidden />
      <span className="sr-only">Sender health: </span>
      {label}
    </Badge>
  );
}
