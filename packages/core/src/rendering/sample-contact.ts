import type { SampleContact } from '@prospector/contracts';

/** The made-up contact the email check scores when the user has no contact yet. */
export const SAMPLE_CONTACT: SampleContact = {
  firstName: 'John',
  lastName: 'Doe',
  email: 'john.doe@example.com',
};
