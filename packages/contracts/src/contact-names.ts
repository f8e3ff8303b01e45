import { parseFullName } from 'parse-full-name';

export interface NameParts {
  firstName: string | null;
  lastName: string | null;
}

/**
 * Splits a person's full name with parse-full-name, which knows titles ("Dr."), suffixes ("Jr.", "III"),
 * nicknames and particles ("van der", "de la"): "Dr. Emma van der Berg" is Emma / van der Berg. A middle
 * name stays in the full name only, so a greeting reads "Hi Emma". A single word is a first name. Letter case is kept as written. A name that is an email address (a contact's
 * name defaults to its email) is no person's name and is not split.
 */
export function splitFullName(fullName: string | null | undefined): NameParts | null {
  const name = fullName?.trim();
  if (!name || name.includes('@')) return null;
  const parts = parseFullName(name, 'all', 0, 0, 0);
  const first = (parts.first ?? '').trim();
  const last = (parts.last ?? '').trim();
  if (!first && !last) return null;
  // parse-full-name reads one word as a last name; a lone given name is how people sign.
  if (!first) return { firstName: last, lastName: null };
  return { firstName: first, lastName: last || null };
}

/**
 * The first and last name a contact gets: as given when either is filled in, else split from its full
 * name. Every door that saves a contact (form, API, CSV import, Leads Finder) goes through this.
 */
export function withNameParts<
  T extends { name?: string | null; firstName?: string | null; lastName?: string | null },
>(input: T): T {
  if (input.firstName?.trim() || input.lastName?.trim()) return input;
  const split = splitFullName(input.name);
  return split ? { ...input, ...split } : input;
}
