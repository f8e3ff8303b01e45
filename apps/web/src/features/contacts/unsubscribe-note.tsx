import { type Contact, unsubscribeExplanation } from '@prospector/contracts';

export const UNSUBSCRIBE_NOTE_ID = 'contact-unsubscribe-note';

/** Under the dialog's Unsubscribed box: who unsubscribed the contact, how and when, and if it can be undone. */
export function UnsubscribeNote({ contact }: { contact: Contact }) {
  const text = contact.unsubscribed
    ? unsubscribeExplanation(contact.unsubscribeSource, contact.unsubscribedAt)
    : null;
  if (!text) return null;
  return (
    <p id={UNSUBSCRIBE_NOTE_ID} className="text-muted-foreground text-sm">
      {text}.
    </p>
  );
}
