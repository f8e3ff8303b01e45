import { parseFullName } from 'parse-full-name';

export interface NameParts {
  firstName: string | null;
  lastName: string | null;
}

/**
 * Words that begin a surname when they come between the given names and the last word: "Maria José de la
 * Cruz García" is Maria José / de la Cruz García.
 */
const SURNAME_PARTICLES = new Set([
  'de',
  'la',
  'las',
  'los',
  'del',
  'della',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'ten',
  'zu',
  'di',
  'da',
  'dos',
  'das',
  'do',
  'du',
  'le',
  'bin',
  'binti',
  'bint',
  'ibn',
  'al',
  'el',
  'af',
  'av',
]);

/** "Q." or "Q": an initial, which no one is greeted by. */
const isInitial = (word: string) => /^\p{L}\.?$/u.test(word);

/**
 * Splits a person's full name with parse-full-name, which knows titles ("Dr."), suffixes ("Jr.", "III"),
 * nicknames and particles ("van der", "de la"). Every given name stays in the first name and every part
 * of the surname in the last: "Dr. Anna Maria van der Berg" is Anna Maria / van der Berg, "Maria José de
 * la Cruz García" is Maria José / de la Cruz García. Only a middle initial ("John Q. Public") is left to the
 * full name. A single word is a first name. Letter case is kept as written. A name that is an email
 * address (a contact's name defaults to its email) is no person's name and is not split.
 */
export function splitFullName(fullName: string | null | undefined): NameParts | null {
  const name = fullName?.trim();
  if (!name || name.includes('@')) return null;
  const parts = parseFullName(name, 'all', 0, 0, 0);
  const middle = (parts.middle ?? '').split(/\s+/).filter(Boolean);
  const particle = middle.findIndex((word) => SURNAME_PARTICLES.has(word.toLowerCase()));
  const givenNames = (particle < 0 ? middle : middle.slice(0, particle)).filter((word) => !isInitial(word));
  const surnameStart = particle < 0 ? [] : middle.slice(particle);
  const first = [parts.first ?? '', ...givenNames].join(' ').trim();
  const last = [...surnameStart, parts.last ?? ''].join(' ').trim();
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
