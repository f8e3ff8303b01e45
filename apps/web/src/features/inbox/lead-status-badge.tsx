import {
  type InboxLabel,
  type LEAD_STATUS_LABELS,
  type LeadStatus,
  leadStatusName,
} from '@prospector/contracts';
import { cn } from '@/lib/utils';

/** Colours of the built-in statuses; a label brings its own. */
const COLORS: Record<keyof typeof LEAD_STATUS_LABELS, string> = {
  interested: 'bg-emerald-100 text-emerald-800 border-emerald-200',
  meeting_booked: 'bg-sky-100 text-sky-800 border-sky-200',
  not_interested: 'bg-zinc-100 text-zinc-700 border-zinc-200',
  out_of_office: 'bg-amber-100 text-amber-800 border-amber-200',
  wrong_person: 'bg-violet-100 text-violet-800 border-violet-200',
  unsubscribe_request: 'bg-rose-100 text-rose-800 border-rose-200',
};

/** A lead's status as a small coloured badge; the reason (automatic ones) as its tooltip. */
export function LeadStatusBadge({
  status,
  labels,
  reason,
  className,
}: {
  status: LeadStatus | string | null;
  labels: InboxLabel[];
  reason?: string | null;
  className?: string;
}) {
  if (!status) return null;
  const label = status.startsWith('label:') ? labels.find((l) => `label:${l.id}` === status) : undefined;
  const builtIn = COLORS[status as keyof typeof COLORS];
  return (
    <span
      title={reason ?? undefined}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-md border px-1.5 py-0.5 font-medium text-xs',
        builtIn ?? 'border-transparent',
        className,
      )}
      style={
        label
          ? { backgroundColor: `${label.color}22`, color: label.color, borderColor: `${label.color}55` }
          : undefined
      }
    >
      {label && <span className="size-2 rounded-full" style={{ backgroundColor: label.color }} aria-hidden />}
      {leadStatusName(status, labels)}
    </span>
  );
}
