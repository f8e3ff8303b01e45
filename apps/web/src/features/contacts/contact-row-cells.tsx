import type { Contact } from '@prospector/contracts';
import { TableCell } from '@/components/ui/table';
import { ContactNameButton } from './contact-name-button';
import { ContactStatusBadges, contactName, formatDate, TwoLines } from './contact-status-badges';
import { contactZoneText } from './contact-time-zone';
import { SelectBox } from './select-box';

/** What the third column shows: organization over industry (Contacts), or title over organization (a list). */
export type ContactDetail = 'organization' | 'title';

/** The cells a contact row shares across tables: select box, name/email, detail, status and created date. */
export function ContactRowCells({
  contact,
  selected,
  onToggle,
  detail,
  onOpen,
}: {
  contact: Contact;
  selected: boolean;
  /** Without it the row has no select box (nothing the person may do with a selection). */
  onToggle?: (id: string) => void;
  detail: ContactDetail;
  /** Opens the contact's profile from its name. */
  onOpen?: (contact: Contact) => void;
}) {
  return (
    <>
      {onToggle && (
        <TableCell>
          <SelectBox
            checked={selected}
            onChange={() => onToggle(contact.id)}
            label={`Select ${contact.email}`}
          />
        </TableCell>
      )}
      <TableCell>
        {onOpen ? (
          <ContactNameButton contact={contact} onOpen={onOpen} />
        ) : (
          <TwoLines main={contactName(contact)} sub={contact.email} />
        )}
        <ContactZone contact={contact} />
      </TableCell>
      <TableCell>
        {detail === 'organization' ? (
          <TwoLines main={contact.organizationName ?? '—'} sub={contact.industry} />
        ) : (
          <TwoLines main={contact.title ?? '—'} sub={contact.organizationName} />
        )}
      </TableCell>
      <TableCell>
        <ContactStatusBadges contact={contact} />
      </TableCell>
      <TableCell>{formatDate(contact.createdAt)}</TableCell>
    </>
  );
}

function ContactZone({ contact }: { contact: Contact }) {
  const zone = contactZoneText(contact);
  return zone ? <p className="truncate text-muted-foreground text-xs">{zone}</p> : null;
}
