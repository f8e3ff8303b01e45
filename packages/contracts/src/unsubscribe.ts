/**
 * Who unsubscribed a contact and how. The user's own unsubscribes ('user' in the app, 'api' through the
 * public API) can be undone; the contact's own (the unsubscribe page, the one-click link, a complaint to
 * their mail provider, a reply asking so) cannot.
 */
export const UNSUBSCRIBE_SOURCES = ['user', 'api', 'page', 'one-click', 'complaint', 'reply'] as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[number];

/** The unsubscribes the contact made themselves. */
export const CONTACT_UNSUBSCRIBE_SOURCES = ['page', 'one-click', 'complaint', 'reply'] as const;

const HOW: Record<UnsubscribeSource, string> = {
  user: 'by you in the app',
  api: 'by you through the API',
  page: 'by the unsubscribe link',
  'one-click': 'by the one-click link',
  complaint: 'by a complaint to their mail provider',
  reply: 'by a reply asking to unsubscribe',
};

/** Whether the contact unsubscribed themselves: such an unsubscribe cannot be undone. */
export function isContactsOwnUnsubscribe(source: UnsubscribeSource | null | undefined): boolean {
  return (CONTACT_UNSUBSCRIBE_SOURCES as readonly string[]).includes(source ?? '');
}

/** '12 Nov 2026': the day, in UTC, the server's messages name. */
export function unsubscribeDay(at: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(at));
}

/** Who unsubscribed the contact and how: 'The contact, by the one-click link', 'You, in the app'. */
export function unsubscribedBy(source: string | null | undefined): string | null {
  if (!source || !(source in HOW)) return null;
  const how = HOW[source as UnsubscribeSource];
  return isContactsOwnUnsubscribe(source as UnsubscribeSource)
    ? `The contact, ${how}`
    : `You, ${how.replace(/^by you /, '')}`;
}

/** The 409's message when an unsubscribe that is the contact's own is asked to be undone. */
export function unsubscribeUndoRefusal(source: UnsubscribeSource, at: string | Date): string {
  return `This contact unsubscribed themselves ${HOW[source]} on ${unsubscribeDay(at)}; it cannot be undone`;
}

/** What the contact dialog says under its Unsubscribed box: who, how, when, and whether it can be undone. */
export function unsubscribeExplanation(source: UnsubscribeSource | null, at: string | null): string | null {
  if (!source || !at) return null;
  if (isContactsOwnUnsubscribe(source)) return unsubscribeUndoRefusal(source, at);
  return `Unsubscribed ${HOW[source]} on ${unsubscribeDay(at)}; untick the box to undo it`;
}
