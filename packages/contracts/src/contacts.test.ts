import { describe, expect, it } from 'vitest';
import { CONTACT_TEXT_LIMITS, contactCreateSchema, contactUpdateSchema } from './contacts';

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  title: 'Title',
  organizationName: 'Organization',
  headline: 'Headline',
  city: 'City',
  state: 'State',
  country: 'Country',
  linkedinUrl: 'LinkedIn URL',
  industry: 'Industry',
} as const;

describe('contact text limits', () => {
  for (const [field, label] of Object.entries(LABELS) as [keyof typeof LABELS, string][]) {
    const max = CONTACT_TEXT_LIMITS[field];
    it(`${field}: accepts ${max} characters and refuses ${max + 1}, naming the field`, () => {
      expect(contactUpdateSchema.safeParse({ [field]: 'x'.repeat(max) }).success).toBe(true);
      const refused = contactUpdateSchema.safeParse({ [field]: 'x'.repeat(max + 1) });
      expect(refused.error?.issues[0]?.message).toBe(`${label} is too long (at most ${max} characters)`);
    });
  }

  it('bounds the email and each tag by the same table', () => {
    const longEmail = `${'a'.repeat(CONTACT_TEXT_LIMITS.email)}@example.com`;
    expect(contactCreateSchema.safeParse({ email: longEmail }).error?.issues[0]?.message).toBe(
      'Email is too long',
    );
    const tag = 'x'.repeat(CONTACT_TEXT_LIMITS.tag + 1);
    expect(
      contactCreateSchema.safeParse({ email: 'a@b.example', tags: [tag] }).error?.issues[0]?.message,
    ).toBe('A tag is too long');
  });
});
