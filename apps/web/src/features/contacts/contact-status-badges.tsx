import { type Contact, contactDisplayStatus, isBlacklisted } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useLabels } from '../inbox/inbox-queries';
import { LeadStatusBadge } from '../inbox/lead-status-badge';

const STATUS_STYLE: Record<ReturnType<typeof contactDisplayStatus>, string> = {
  Active: 'border-emerald-200 bg-emerald-50 text-emerald-700',
  Unsubscribed: 'border-amber-200 bg-amber-50 text-amber-700',
  Suppressed: 'border-rose-200 bg-rose-50 text-rose-700',
};

/**
 * Spec section 4: Suppressed, else Unsubscribed, else Active; plus Blacklisted on a hard bounce or tag, and
 * the lead's status from the Inbox.
 */
export function ContactStatusBadges({ contact }: { contact: Contact }) {
  const status = contactDisplayStatus(contact);
  const labels = useLabels().data ?? [];
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge variant="outline" className={cn(STATUS_STYLE[status])}>
        {status}
      </Badge>
      {isBlacklisted(contact) && <Badge variant="destructive">Blacklisted</Badge>}
      {contact.leadStatus && (
        <LeadStatusBadge status={contact.leadStatus} labels={labels} reason={contact.leadStatusReason} />
      )}
    </span>
  );
}

/** A contact's name as the tables show it. */
export const contactName = (contact: Contact) =>
  contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.email;

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Two lines in one cell: the main value and a muted one under it. */
export function TwoLines({ main, sub }: { main: string; sub?: string | null }) {
  return (
    <div className="min-w-0 max-w-64">
      <p className="truncate font-medium">{main}</p>
      {sub && <p className="truncate text-muted-foreground text-xs">{sub}</p>}
    </div>
  );
}
