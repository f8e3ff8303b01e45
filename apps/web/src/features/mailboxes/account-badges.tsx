import type { GmailAccountStatusValue } from '@prospector/contracts';
import { FlaskConicalIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS: Record<string, { label: string; className: string }> = {
  connected: {
    label: 'Connected',
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  },
  token_expired: {
    label: 'Expired',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  },
  error: { label: 'Error', className: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200' },
};

/** connected, expired and error have their colours; anything else is grey (spec section 4). */
export function StatusBadge({ status }: { status: GmailAccountStatusValue }) {
  const known = STATUS[status];
  const label = known?.label ?? status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <Badge
      variant="secondary"
      className={cn('border-transparent', known?.className ?? 'bg-muted text-muted-foreground')}
    >
      {label}
    </Badge>
  );
}

/** Marks a mailbox of the built-in sandbox Google: nothing it sends leaves the server. */
export function SandboxBadge() {
  return (
    <Badge
      variant="outline"
      title="Connected through the built-in sandbox Google: no real email is sent"
      className="border-violet-300 bg-violet-50 text-violet-800 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-200"
    >
      <FlaskConicalIcon aria-hidden />
      Sandbox
    </Badge>
  );
}
