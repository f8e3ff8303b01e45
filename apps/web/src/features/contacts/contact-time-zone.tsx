import type { Contact } from '@prospector/contracts';

const SOURCE_WORDS = { given: '', city: ', from city', country: ', from country' } as const;

/** "Asia/Tokyo", "Europe/Paris, from city", or null when the contact's zone is not known. */
export function contactZoneText(
  contact: Pick<Contact, 'effectiveTimezone' | 'timezoneSource'>,
): string | null {
  if (!contact.effectiveTimezone || !contact.timezoneSource) return null;
  return `${contact.effectiveTimezone}${SOURCE_WORDS[contact.timezoneSource]}`;
}

/** Every IANA zone the browser knows, for the time-zone field's suggestions. */
export function TimeZoneOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {Intl.supportedValuesOf('timeZone').map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

/** Under the contact's fields: the zone its emails are timed in, and where it comes from. */
export function ContactZoneNote({ contact }: { contact: Contact | null }) {
  if (!contact) return null;
  const zone = contactZoneText(contact);
  return (
    <p className="text-muted-foreground text-sm">
      {zone
        ? `Time zone: ${zone}.`
        : "Time zone not known: sequences that send at local time use the sequence's zone."}
    </p>
  );
}
