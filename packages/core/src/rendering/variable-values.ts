/** Who an email is rendered for: a contact row, or the sample contact of previews and test sends. */
export interface RenderContact {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  email?: string | null;
  title?: string | null;
  organizationName?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  headline?: string | null;
  linkedinUrl?: string | null;
  /** The organisation's website, when known. */
  website?: string | null;
  customFields?: Record<string, string> | null;
}

/** The mailbox that sends the email. */
export interface RenderSender {
  name?: string | null;
  email?: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

/** The value of each built-in and custom variable for this contact and sender, before any fallback. */
export function variableValues(
  contact: RenderContact,
  sender: RenderSender,
  unsubscribeUrl: string | null | undefined,
): Record<string, string> {
  const firstName = clean(contact.firstName);
  const lastName = clean(contact.lastName);
  const senderName = clean(sender.name);
  // Custom keys are the user's words: no key may reach Object.prototype ({{constructor}}, {{__proto__}}).
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(contact.customFields ?? {})) values[key] = clean(value);
  return Object.assign(values, {
    first_name: firstName,
    last_name: lastName,
    name: clean(contact.name) || [firstName, lastName].filter(Boolean).join(' '),
    email: clean(contact.email),
    title: clean(contact.title),
    company: clean(contact.organizationName),
    city: clean(contact.city),
    state: clean(contact.state),
    country: clean(contact.country),
    headline: clean(contact.headline),
    linkedin_url: clean(contact.linkedinUrl),
    website: clean(contact.website),
    sender_name: senderName,
    sender_first_name: senderName.split(/\s+/)[0] ?? '',
    sender_email: clean(sender.email),
    unsubscribe_url: clean(unsubscribeUrl),
  });
}
