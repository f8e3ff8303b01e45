import { z } from 'zod';

/** A sequence as GET /api/sequences lists it (the full sequences feature extends this). */
export interface SequenceSummary {
  id: string;
  name: string;
  status: string;
  timezone: string;
  description: string | null;
  skipWeekends: boolean;
  createdAt: string;
}

/** Spec section 5: adding contacts to a sequence needs a sequence chosen. */
export const SELECT_SEQUENCE_MESSAGE = 'Please select a sequence';

/** POST /api/sequences/{id}/contacts: enroll contacts; ones already enrolled are skipped. */
export const enrollContactsSchema = z.object({
  contactIds: z
    .array(z.string().uuid('Contact not found'), { error: 'Please select at least one contact' })
    .min(1, 'Please select at least one contact')
    .max(10_000, 'At most 10000 contacts can be enrolled at once'),
});
export type EnrollContactsInput = z.output<typeof enrollContactsSchema>;

export interface EnrollContactsResult {
  enrolled: number;
  skipped: number;
}

/** The add-to-sequence dialog's form. */
export const addToSequenceFormSchema = z.object({
  sequenceId: z.string().min(1, SELECT_SEQUENCE_MESSAGE),
});
