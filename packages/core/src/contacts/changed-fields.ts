import { isDeepStrictEqual } from 'node:util';
import { type Contact, contactUpdateSchema } from '@prospector/contracts';

/** The fields an edit can change (the API's names), as `contact.updated` names them whatever the door. */
const EDITABLE = Object.keys(contactUpdateSchema.shape) as (keyof Contact)[];

/** The names of the editable fields that differ between a contact before and after a change. */
export function changedContactFields(before: Contact, after: Contact): string[] {
  return EDITABLE.filter((key) => !isDeepStrictEqual(before[key], after[key]));
}
