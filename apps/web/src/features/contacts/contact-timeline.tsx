import { CONTACT_ACTIVITY_LABELS, type ContactActivityEvent, leadStatusName } from '@prospector/contracts';
import { zonedTimeCell } from '@/lib/zoned-time';

function detail(event: ContactActivityEvent): string | null {
  switch (event.type) {
    case 'created':
      return event.source === 'csv' ? 'from a CSV file' : event.source === 'apollo' ? 'from Apollo' : null;
    case 'enrolled':
      return event.sequenceName;
    case 'enrolment_ended':
      return [event.sequenceName, event.status, event.reason].filter(Boolean).join(' · ');
    case 'sent':
      return `${event.subject} · ${event.sequenceName}`;
    case 'lead_status':
      return `${leadStatusName(event.leadStatus)}${event.source === 'user' ? ' (by you)' : ''}`;
    default:
      return event.type === 'clicked' && event.url ? event.url : event.subject;
  }
}

/** A contact's timeline: every email sent, opened, clicked, replied, bounced, and each status change. */
export function ContactTimeline({ events }: { events: ContactActivityEvent[] }) {
  return (
    <ol className="relative space-y-3 border-l pl-4" aria-label="Activity">
      {events.map((event) => (
        <li key={`${event.type}-${event.at}-${detail(event)}`} className="grid gap-0.5 text-sm">
          <span className="-left-[5px] absolute mt-1.5 size-2 rounded-full bg-primary" aria-hidden />
          <span className="font-medium">{CONTACT_ACTIVITY_LABELS[event.type]}</span>
          {detail(event) && <span className="break-words text-muted-foreground">{detail(event)}</span>}
          <time dateTime={event.at} className="text-muted-foreground text-xs">
            {zonedTimeCell(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
