import type { ContactEvent, ContactEventsResponse } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { apiJson } from '@/lib/api';
import { zonedTimeCell } from '@/lib/zoned-time';

const LABELS: Record<ContactEvent['type'], string> = {
  open: 'Opened',
  click: 'Clicked',
  reply: 'Replied',
  auto_reply: 'Auto-reply',
  bounce: 'Bounced',
  complaint: 'Marked as spam',
  unsubscribe: 'Unsubscribed',
  delay: 'Delivery delayed',
  unclassified: 'Automated message',
  email_failed: 'Email failed',
  enrolment_failed: 'Sequence failed',
  enrolment_stopped: 'Sequence stopped',
};

const FLAGS: Record<string, string> = {
  bot: 'bot, not counted',
  security_scanner: 'security scanner, not counted',
  too_soon: 'right after sending, not counted',
  no_user_agent: 'no user agent, not counted',
  not_sent: 'before sending, not counted',
  soft_bounce: 'temporary',
  sender_rejection: 'refused because of the sender, the address is fine',
};

/** The contact's tracking events (opens, replies, bounces, unsubscribes) and failures, oldest first. */
export function ContactActivity({ contactId }: { contactId: string }) {
  const { data, isPending, isError } = useQuery({
    queryKey: ['/api/contacts', contactId, 'events'],
    queryFn: () => apiJson<ContactEventsResponse>('GET', `/api/contacts/${contactId}/events`),
  });
  return (
    <section aria-labelledby={`activity-${contactId}`} className="space-y-2 border-t pt-4">
      <h3 id={`activity-${contactId}`} className="font-medium text-sm">
        Activity
      </h3>
      {isPending && <Spinner />}
      {isError && <p className="text-destructive text-sm">Failed to load the contact's activity.</p>}
      {data && data.events.length === 0 && (
        <p className="text-muted-foreground text-sm">No opens, replies or bounces yet.</p>
      )}
      {data && data.events.length > 0 && (
        <ol className="max-h-48 space-y-1.5 overflow-auto text-sm">
          {data.events.map((event) => (
            <li key={event.id} className="flex flex-wrap gap-x-2">
              <time dateTime={event.occurredAt} className="text-muted-foreground">
                {zonedTimeCell(event.occurredAt)}
              </time>
              <span className="font-medium">{LABELS[event.type]}</span>
              {event.flaggedReason && (
                <span className="text-muted-foreground">
                  ({FLAGS[event.flaggedReason] ?? event.flaggedReason})
                </span>
              )}
              {event.emailSubject && <span className="text-muted-foreground">· {event.emailSubject}</span>}
              {!event.emailSubject && event.sequenceName && (
                <span className="text-muted-foreground">· {event.sequenceName}</span>
              )}
              {event.detail && event.type !== 'open' && (
                <span className="w-full truncate text-muted-foreground" title={event.detail}>
                  {event.detail}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
