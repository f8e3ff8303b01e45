import type { Contact } from '@prospector/contracts';
import { contactName } from './contact-status-badges';

/** A contact's name and email in a table row, as the button that opens its profile. */
export function ContactNameButton({
  contact,
  onOpen,
}: {
  contact: Contact;
  onOpen: (contact: Contact) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(contact)}
      className="grid min-w-0 max-w-64 rounded-sm text-left outline-none hover:[&>span:first-child]:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="truncate font-medium">{contactName(contact)}</span>
      <span className="truncate text-muted-foreground text-xs">{contact.email}</span>
    </button>
  );
}
