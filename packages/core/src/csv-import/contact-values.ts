import { type CsvImportRow, defaultContactName, withNameParts } from '@prospector/contracts';

/** The text columns an imported row is written with, in this order (organization and custom fields as JSON). */
export const STAGED_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'name',
  'title',
  'organization_name',
  'headline',
  'city',
  'state',
  'country',
  'linkedin_url',
  'apollo_id',
  'organization',
  'custom_fields',
  'timezone',
] as const;
export type StagedColumn = (typeof STAGED_COLUMNS)[number];

/** A checked row as the contact's column values: names split, the display name filled in, nulls for none. */
export function contactValues(given: CsvImportRow): (string | null)[] {
  const r = withNameParts(given);
  return [
    r.email,
    r.firstName ?? null,
    r.lastName ?? null,
    defaultContactName(r),
    r.title ?? null,
    r.organizationName ?? null,
    r.headline ?? null,
    r.city ?? null,
    r.state ?? null,
    r.country ?? null,
    r.linkedinUrl ?? null,
    r.apolloId ?? null,
    r.organizationName || r.industry
      ? JSON.stringify({ name: r.organizationName, industry: r.industry })
      : null,
    r.customFields && Object.keys(r.customFields).length > 0 ? JSON.stringify(r.customFields) : null,
    r.timezone ?? null,
  ];
}
