import { isDeepStrictEqual } from 'node:util';
import type { Contact } from '@prospector/contracts';

/** What is not a change of its own: the time of the change itself. */
const NOT_FIELDS = new Set<keyof Contact>(['updatedAt', 'suppression']);

/** The names (the API's) of the fields that differ between a contact before and after a change. */
export function changedContactFields(before: Contact, after: Contact): string[] {
  return (Object.keys(after) as (keyof Contact)[]).filter(
    (key) => !NOT_FIELDS.has(key) && !isDeepStrictEqual(before[key], after[key]),
  );
}
