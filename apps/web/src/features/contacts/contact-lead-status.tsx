import type { Contact } from '@prospector/contracts';
import { Link } from 'react-router';
import { useLabels } from '../inbox/inbox-queries';
import { LeadStatusBadge } from '../inbox/lead-status-badge';

/** The lead's status in the contact dialog: what they said, who set it and why; changed from the Inbox. */
export function ContactLeadStatus({ contact }: { contact: Contact }) {
  const labels = useLabels().data ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <span className="text-muted-foreground">Lead status</span>
      <LeadStatusBadge status={contact.leadStatus} labels={labels} />
      <span className="text-muted-foreground text-xs">
        {contact.leadStatusSource === 'user' ? 'set by you' : contact.leadStatusReason}
      </span>
      <Link to="/campaign-builder/replies" className="ml-auto text-xs underline-offset-2 hover:underline">
        Open the Inbox
      </Link>
    </div>
  );
}
