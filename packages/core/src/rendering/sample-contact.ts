import type { SampleContact } from '@prospector/contracts';
import type { RenderContact } from './render-template';

/** The contact previews and test sends are rendered for, unless the caller gives its own. */
export const SAMPLE_CONTACT: SampleContact = {
  firstName: 'John',
  lastName: 'Doe',
  email: 'john.doe@example.com',
};

/** The caller's contact data over the sample contact, field by field. */
export function sampleContactFrom(data?: RenderContact | null): SampleContact & { name: string } {
  const pick = (value: string | null | undefined, fallback: string) => value?.trim() || fallback;
  const firstName = pick(data?.firstName, SAMPLE_CONTACT.firstName);
  const lastName = pick(data?.lastName, SAMPLE_CONTACT.lastName);
  return {
    firstName,
    lastName,
    email: pick(data?.email, SAMPLE_CONTACT.email),
    name: pick(data?.name, `${firstName} ${lastName}`),
  };
}
