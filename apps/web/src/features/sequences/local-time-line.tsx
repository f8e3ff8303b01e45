import type { LocalTimeCoverage, UnzonedContact } from '@prospector/contracts';
import { countOf } from '../../lib/plural';

const contactsText = (n: number) => countOf(n, 'contact', 'contacts');

/** "03:21 there", "between 06:00 and 12:00 there", or that the place says nothing. */
export function localTimeText(contact: UnzonedContact): string {
  const time = contact.localTime;
  if (!time) return 'local time unknown (no country)';
  return time.earliest === time.latest
    ? `${time.earliest} there`
    : `between ${time.earliest} and ${time.latest} there`;
}

/**
 * The launch's word on local time: who gets each step at its time in their own zone, who in the
 * sequence's, and by name the first of those without a zone, with the hour the first email reaches them.
 */
export function LocalTimeLine({
  coverage,
  timezone,
}: {
  coverage: LocalTimeCoverage | null;
  timezone: string;
}) {
  if (!coverage) return null;
  const listed = coverage.withoutZone;
  return (
    <div className="space-y-1" data-testid="launch-local-time">
      <p>
        <strong>{contactsText(coverage.recipient)}</strong> will get each email at the step's time in their
        own time zone
        {coverage.fallback > 0 && (
          <>
            ; <strong>{contactsText(coverage.fallback)}</strong> without a known zone at that time in{' '}
            {timezone}
          </>
        )}
        .
      </p>
      {listed.length > 0 && (
        <details open className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer">
            Contacts without a time zone
            {coverage.fallback > listed.length ? ` (the first ${listed.length})` : ''}: give each a zone or a
            city to send at their own time
          </summary>
          <ul className="mt-2 max-h-48 space-y-1 overflow-auto" aria-label="Contacts without a time zone">
            {listed.map((contact) => (
              <li key={contact.id} className="break-words">
                {contact.name || contact.email}
                {contact.place ? ` (${contact.place})` : ''}: the first email at {localTimeText(contact)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
