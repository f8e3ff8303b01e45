import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

// Spec section 5: an email list's name, industry, job title and location are required (trimmed); the
// description is optional. One message for all four, word for word.
export const EMAIL_LIST_REQUIRED_MESSAGE = 'Name, industry, job title, and location are required';

const required = (label: string, max: number) =>
  z
    .string({ error: EMAIL_LIST_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_LIST_REQUIRED_MESSAGE)
    .max(max, tooLongMessage(label, max));

const description = z
  .string()
  .trim()
  .max(TEXT_LIMITS.description, tooLongMessage('Description', TEXT_LIMITS.description))
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/personas and the create/edit dialog. */
export const personaInputSchema = z.object({
  name: required('Name', TEXT_LIMITS.name),
  industry: required('Industry', TEXT_LIMITS.shortText),
  jobTitle: required('Job title', TEXT_LIMITS.shortText),
  location: required('Location', TEXT_LIMITS.shortText),
  description,
});
export type PersonaInput = z.input<typeof personaInputSchema>;
export type PersonaValues = z.output<typeof personaInputSchema>;

/** PATCH /api/personas/{id}: any of the fields; a field that is sent must still be filled in. */
export const personaUpdateSchema = personaInputSchema.partial();
export type PersonaUpdate = z.output<typeof personaUpdateSchema>;

/** An email list as the API returns it, with how many contacts and sequences it holds. */
export interface Persona {
  id: string;
  name: string;
  industry: string;
  jobTitle: string;
  location: string;
  description: string | null;
  contactCount: number;
  sequenceCount: number;
  createdAt: string;
  updatedAt: string;
}

const uuid = (message: string) => z.string({ error: message }).uuid(message);

/** POST /api/personas/{id}/contacts: link an existing contact to the list. */
export const personaContactLinkSchema = z.object({ contactId: uuid('Contact not found') });

export const MOVE_DESTINATION_REQUIRED = 'Please select a destination email list';
export const MOVE_SAME_LIST = 'Cannot move to the same email list';

export const NO_CONTACT_SELECTED = 'Please select at least one contact';

/**
 * POST /api/personas/{destinationId}/move-contacts: the chosen contacts, or with `allOfList: true` every
 * contact of the source list (the list page's "Select all N contacts of this list").
 */
export const moveContactsSchema = z
  .object({
    contactIds: z
      .array(uuid('Contact not found'), { error: NO_CONTACT_SELECTED })
      .min(1, NO_CONTACT_SELECTED)
      .max(10_000, 'At most 10000 contacts can be moved at once')
      .optional(),
    allOfList: z.literal(true, { error: 'allOfList must be true when given' }).optional(),
    sourcePersonaId: uuid('Email list not found'),
  })
  .refine((input) => input.allOfList || input.contactIds, {
    message: NO_CONTACT_SELECTED,
    path: ['contactIds'],
  });
export type MoveContactsInput = z.output<typeof moveContactsSchema>;

export interface MoveContactsResult {
  movedCount: number;
  skippedCount: number;
  sourcePersonaId: string;
  destinationPersonaId: string;
}

/** The move dialog's form: the destination is chosen in the dialog. */
export const moveContactsFormSchema = z.object({
  destinationPersonaId: z.string().min(1, MOVE_DESTINATION_REQUIRED),
});

/** "Moved N contact(s). Skipped M duplicate(s)." (spec section 8). */
export function moveContactsMessage(result: Pick<MoveContactsResult, 'movedCount' | 'skippedCount'>) {
  return `Moved ${result.movedCount} contact(s). Skipped ${result.skippedCount} duplicate(s).`;
}

/** A sequence an email list feeds, as GET /api/personas/{id}/sequences lists it. */
export interface PersonaSequence {
  id: string;
  name: string;
  status: string;
}

/** GET /api/personas/{id}/workflows: a workflow that adds its leads to the list. */
export interface PersonaWorkflow {
  id: string;
  name: string;
  status: string;
}

/** Spec section 9: the email lists index shows 10 cards a page. */
export const EMAIL_LISTS_PAGE_SIZE = 10;
