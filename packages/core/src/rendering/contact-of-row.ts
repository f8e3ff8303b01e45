import type { contacts } from '@prospector/db';
import type { RenderContact } from './variable-values';

type ContactRow = Pick<
  typeof contacts.$inferSelect,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'name'
  | 'title'
  | 'organizationName'
  | 'organization'
  | 'city'
  | 'state'
  | 'country'
  | 'headline'
  | 'linkedinUrl'
  | 'customFields'
>;

/**
 * A contact row as the renderer sees it: a name that is just the address counts as no name ('there'); the
 * company is the organisation's name, else the one in Apollo's organisation object; its website the same.
 */
export function renderContactOf(contact: ContactRow): RenderContact {
  const email = contact.email.trim().toLowerCase();
  const nameIsAddress = (value: string | null) => (value ?? '').trim().toLowerCase() === email;
  const organization = contact.organization ?? {};
  return {
    firstName: nameIsAddress(contact.firstName) ? null : contact.firstName,
    lastName: contact.lastName,
    name: nameIsAddress(contact.name) ? null : contact.name,
    email: contact.email,
    title: contact.title,
    organizationName: contact.organizationName || organization.name,
    city: contact.city,
    state: contact.state,
    country: contact.country,
    headline: contact.headline,
    linkedinUrl: contact.linkedinUrl,
    website: typeof organization.website_url === 'string' ? organization.website_url : null,
    customFields: contact.customFields,
  };
}

/** Why an email cannot be sent as rendered: "no value for {{company}}", or null when every variable is filled. */
export function unfilledReason(rendered: { missingVariables: string[]; unknownVariables: string[] }) {
  const names = [...rendered.missingVariables, ...rendered.unknownVariables.map(bareVariable)];
  return names.length === 0 ? null : `no value for ${[...new Set(names)].join(', ')}`;
}

/** "{{ icebreaker | }}" -> "{{icebreaker}}". */
const bareVariable = (raw: string) => `{{${raw.slice(2, -2).split('|')[0]?.trim() ?? ''}}}`;
