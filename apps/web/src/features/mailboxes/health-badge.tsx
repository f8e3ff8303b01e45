import type { MailboxHealth } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const LEVEL: Record<MailboxHealth['level'], { label: string; dot: string }> = {
  ok: { label: 'Healthy', dot: 'bg-emerald-500' },
  warning: { label: 'Needs attention', dot: 'bg-amber-400' },
  blocked: { label: 'Not sending', dot: 'bg-red-500' },
};

/** Whether the mailbox sends, with the reason on hover and for screen readers. */
export function HealthBadge({ health }: { health: MailboxHealth }) {
  const { label, dot } = LEVEL[health.level];
  return (
    <Badge variant="outline" title={health.reason ?? undefined} data-health={health.level}>
      <span className={cn('size-2 rounded-full', dot)} aria-hidden />
      {label}
      {health.reason && <span className="sr-only">: {health.reason}</span>}
    </Badge>
  );
}
